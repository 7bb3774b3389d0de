import Foundation
import JourneyCore
import JourneyFormat

/// The requests of PingAM's authenticate protocol: the start (with its forms: resume, resume
/// link, zero-page login), the continue requests and their headers.
extension JourneyLoop {
    static let acceptAPIVersion = "resource=2.1, protocol=1.0"
    /// `Accept-API-Version` of a `composite_advice` journey, as the JS SDK sends it.
    static let adviceAPIVersion = "resource=2.0, protocol=1.0"

    /// With an SDK profile, its own `Accept-API-Version`, `X-Requested-With` and platform header.
    static func baseHeaders(
        start: StartSpec?, endpoint: RunEndpoint, inAdviceJourney: Bool, sdk: SDKProfile? = nil
    ) -> [HeaderField] {
        var headers = [
            HeaderField("Content-Type", "application/json"),
            HeaderField("Accept", "application/json"),
        ]
        headers +=
            sdk?.authenticateHeaders(inAdviceJourney: inAdviceJourney) ?? [
                HeaderField("Accept-API-Version", inAdviceJourney ? adviceAPIVersion : acceptAPIVersion),
                HeaderField("X-Requested-With", "forgerock-sdk"),
            ]
        if let language = start?.acceptLanguage {
            headers.append(HeaderField("Accept-Language", language))
        }
        return headers
    }

    /// Query parameters that every request of this journey carries (ForceAuth, noSession).
    func flagQuery() -> [(String, String)] {
        var query: [(String, String)] = []
        guard let start, !inAdviceJourney else { return query }
        if start.forceAuth { query.append(("ForceAuth", "true")) }
        if start.noSession { query.append(("noSession", "true")) }
        return query
    }

    mutating func startRequest(_ start: StartSpec) async throws(RunError) -> TransportRequest {
        let context = session.context
        let extraQuery = try startQuery(start)
        if let resume = start.resume {
            let suspendedId = try await context.resolve(resume, timeoutMilliseconds: nil)
            session.redactor.register(suspendedId.text, name: "suspendedId")
            return resumeRequest(resuming: [("suspendedId", suspendedId.text)], extraQuery: extraQuery)
        }
        if let link = start.resumeURL {
            return resumeRequest(resuming: try await linkQuery(link), extraQuery: extraQuery)
        }
        var query: [(String, String)] = []
        if let type = start.authIndexType { query.append(("authIndexType", type)) }
        if let value = start.authIndexValue {
            query.append(("authIndexValue", try context.evaluator.evaluate(value).text))
        }
        query += flagQuery() + extraQuery
        continueURL = AMEndpoints.authenticateURL(base: endpoint.baseURL, realm: endpoint.realm, query: query)
        var headers = baseHeaders
        if let zeroPage = start.zeroPage { headers += try await zeroPageHeaders(zeroPage) }
        var request = TransportRequest(
            method: "POST", url: continueURL, headers: headers, body: Self.emptyObject
        )
        // Its JSON too, so the trace need not parse the body again (as for a continue request).
        request.json = .object([:])
        return request
    }

    /// The start request's body, `{}`.
    static let emptyObject = Data("{}".utf8)

    /// `start.query`, evaluated: sent on the start request, a resume included.
    private func startQuery(_ start: StartSpec) throws(RunError) -> [(String, String)] {
        guard !start.query.isEmpty else { return [] }
        let evaluator = session.context.evaluator
        var query: [(String, String)] = []
        for parameter in start.query {
            query.append((parameter.name, try evaluator.evaluate(parameter.value).text))
        }
        return query
    }

    /// Every query parameter of a resume link (`start.resumeUrl`), as the Ping SDKs' resume sends them.
    private func linkQuery(_ link: ValueSpec) async throws(RunError) -> [(String, String)] {
        let redactor = session.redactor
        let text = try await session.context.resolve(link, timeoutMilliseconds: nil).text
        let items = PercentEncoding.queryItems(of: URLComponents(string: text))
        guard !items.isEmpty else {
            throw RunError(
                .script,
                "\(link.location): start.resumeUrl '\(redactor.redact(text))' has no query parameters to resume with (expected a link with suspendedId=…)"
            )
        }
        let query = items.map { ($0.name, $0.value) }
        for (name, value) in query where name == "suspendedId" { redactor.register(value, name: "suspendedId") }
        return query
    }

    /// The zero-page login headers; the password is registered as a secret before it is sent.
    private func zeroPageHeaders(_ spec: ZeroPageSpec) async throws(RunError) -> [HeaderField] {
        let username = try await session.context.resolve(spec.username, timeoutMilliseconds: nil).text
        let password = try await session.context.resolve(spec.password, timeoutMilliseconds: nil)
        session.redactor.register(password.text, name: password.secretName ?? "password")
        return [HeaderField(spec.usernameHeader, username), HeaderField(spec.passwordHeader, password.text)]
    }

    /// A resume: the suspendedId (or a link's parameters), the flags, then `extraQuery`.
    mutating func resumeRequest(resuming: [(String, String)], extraQuery: [(String, String)] = []) -> TransportRequest {
        let flagQuery = flagQuery()
        continueURL = AMEndpoints.authenticateURL(base: endpoint.baseURL, realm: endpoint.realm, query: flagQuery)
        let flags = flagQuery.filter { flag in !resuming.contains(where: { $0.0 == flag.0 }) }
        let url = AMEndpoints.authenticateURL(
            base: endpoint.baseURL, realm: endpoint.realm, query: resuming + flags + extraQuery)
        return TransportRequest(
            method: "POST", url: url, headers: baseHeaders, body: Data("{}".utf8))
    }

    func continueRequest(_ step: AMStep) -> TransportRequest {
        // Written straight from the step; the JSON tree kept for redaction is built only if it is read.
        var request = TransportRequest(
            method: "POST", url: continueURL, headers: baseHeaders, body: step.encodedJSON)
        request.sentJSON = .step(step)
        return request
    }
}

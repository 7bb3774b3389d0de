import Foundation
import JourneyCore

extension DriverRun {
    static let acceptAPIVersion = "resource=2.1, protocol=1.0"

    func baseHeaders() -> [HeaderField] {
        var headers = [
            HeaderField("Content-Type", "application/json"),
            HeaderField("Accept", "application/json"),
            HeaderField(
                "Accept-API-Version",
                authorization.inAdviceJourney ? AuthorizationState.adviceAPIVersion : Self.acceptAPIVersion),
            HeaderField("X-Requested-With", "forgerock-sdk"),
        ]
        if let language = script.start.acceptLanguage {
            headers.append(HeaderField("Accept-Language", language))
        }
        headers += extraHeaders
        return headers
    }

    /// Query parameters that every request of this journey carries (ForceAuth, noSession).
    func flagQuery() -> [(String, String)] {
        var query: [(String, String)] = []
        if authorization.inAdviceJourney { return query }
        if script.start.forceAuth { query.append(("ForceAuth", "true")) }
        if script.start.noSession { query.append(("noSession", "true")) }
        return query
    }

    func startRequest() async throws(RunError) -> TransportRequest {
        let extraQuery = try startQuery()
        if let resume = script.start.resume {
            let suspendedId = try await context.resolve(resume, timeoutMilliseconds: nil)
            redactor.register(suspendedId.text, name: "suspendedId")
            return resumeRequest(resuming: [("suspendedId", suspendedId.text)], extraQuery: extraQuery)
        }
        if let link = script.start.resumeURL {
            return resumeRequest(resuming: try await linkQuery(link), extraQuery: extraQuery)
        }
        var query: [(String, String)] = []
        if let type = script.start.authIndexType { query.append(("authIndexType", type)) }
        if let value = script.start.authIndexValue {
            query.append(("authIndexValue", try context.evaluator.evaluate(value).text))
        }
        query += flagQuery() + extraQuery
        continueURL = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: query)
        var headers = baseHeaders()
        if let zeroPage = script.start.zeroPage { headers += try await zeroPageHeaders(zeroPage) }
        return TransportRequest(
            method: "POST", url: continueURL, headers: headers, body: Data("{}".utf8), timeoutSeconds: timeout)
    }

    /// `start.query`, evaluated: sent on the start request, a resume included.
    private func startQuery() throws(RunError) -> [(String, String)] {
        var query: [(String, String)] = []
        for parameter in script.start.query {
            query.append((parameter.name, try context.evaluator.evaluate(parameter.value).text))
        }
        return query
    }

    /// Every query parameter of a resume link (`start.resumeUrl`), as the Ping SDKs' resume sends them.
    private func linkQuery(_ link: ValueSpec) async throws(RunError) -> [(String, String)] {
        let text = try await context.resolve(link, timeoutMilliseconds: nil).text
        let items = URLComponents(string: text)?.queryItems ?? []
        guard !items.isEmpty else {
            throw RunError(
                .script,
                "\(link.location): start.resumeUrl '\(redactor.redact(text))' has no query parameters to resume with (expected a link with suspendedId=…)"
            )
        }
        let query = items.map { ($0.name, $0.value ?? "") }
        for (name, value) in query where name == "suspendedId" { redactor.register(value, name: "suspendedId") }
        return query
    }

    /// The zero-page login headers; the password is registered as a secret before it is sent.
    private func zeroPageHeaders(_ spec: ZeroPageSpec) async throws(RunError) -> [HeaderField] {
        let username = try await context.resolve(spec.username, timeoutMilliseconds: nil).text
        let password = try await context.resolve(spec.password, timeoutMilliseconds: nil)
        redactor.register(password.text, name: password.secretName ?? "password")
        return [HeaderField(spec.usernameHeader, username), HeaderField(spec.passwordHeader, password.text)]
    }

    /// A resume: the suspendedId (or a link's parameters), the flags, then `extraQuery`.
    func resumeRequest(resuming: [(String, String)], extraQuery: [(String, String)] = []) -> TransportRequest {
        continueURL = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: flagQuery())
        let flags = flagQuery().filter { flag in !resuming.contains(where: { $0.0 == flag.0 }) }
        let url = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: resuming + flags + extraQuery)
        return TransportRequest(
            method: "POST", url: url, headers: baseHeaders(), body: Data("{}".utf8), timeoutSeconds: timeout)
    }

    func continueRequest(_ step: AMStep) -> TransportRequest {
        var request = TransportRequest(
            method: "POST", url: continueURL, headers: baseHeaders(), body: step.json.encoded, timeoutSeconds: timeout)
        request.json = step.json
        return request
    }

    /// Sends with the run's cookies, stores new ones, and returns the exchange, kept unredacted
    /// until the run ends (`finishRecording` redacts every exchange once).
    func send(_ request: TransportRequest, step: Int) async throws(RunError) -> (TransportResponse, Exchange) {
        var request = request
        if let cookie = cookies.header { request.headers.append(cookie) }
        recording.exchangeStep = step
        let (outcome, exchange) = await exchange(request)
        switch outcome {
        case .success(let response):
            cookies.store(from: response.headers)
            return (response, exchange)
        case .failure(let error):
            steps.append(StepTrace(number: step, kind: .end, exchange: exchange))
            throw transportFailure(error, request: request, step: step)
        }
    }

    /// Sends `request` through the run's transport, timing it, and keeps the exchange as it happened.
    func exchange(_ request: TransportRequest) async -> (Result<TransportResponse, TransportError>, Exchange) {
        let startedAt = clock.now()
        let start = DispatchTime.now()
        let outcome: Result<TransportResponse, TransportError>
        do {
            outcome = .success(try await transport.send(request))
        } catch {
            outcome = .failure(error)
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        transportTime += duration
        let response = try? outcome.get()
        var exchange = Exchange(
            method: request.method, url: request.url, requestHeaders: request.headers, requestBody: nil,
            status: response?.status, responseHeaders: response?.headers ?? [], responseBody: nil,
            startedAt: startedAt, duration: duration)
        exchange.unredacted = UnredactedBodies(
            request: request.body, requestJSON: request.json, response: response?.body)
        return (outcome, exchange)
    }
}

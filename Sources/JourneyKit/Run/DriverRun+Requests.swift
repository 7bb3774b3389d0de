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
        if let resume = script.start.resume {
            let suspendedId = try await context.resolve(resume, timeoutMilliseconds: nil)
            redactor.register(suspendedId.text, name: "suspendedId")
            return resumeRequest(suspendedId: suspendedId.text)
        }
        var query: [(String, String)] = []
        if let type = script.start.authIndexType { query.append(("authIndexType", type)) }
        if let value = script.start.authIndexValue {
            query.append(("authIndexValue", try context.evaluator.evaluate(value).text))
        }
        query += flagQuery()
        for parameter in script.start.query {
            query.append((parameter.name, try context.evaluator.evaluate(parameter.value).text))
        }
        continueURL = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: query)
        return TransportRequest(
            method: "POST", url: continueURL, headers: baseHeaders(), body: Data("{}".utf8), timeoutSeconds: timeout)
    }

    func resumeRequest(suspendedId: String) -> TransportRequest {
        continueURL = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: flagQuery())
        let url = AMEndpoints.authenticateURL(
            base: baseURL, realm: realm, query: [("suspendedId", suspendedId)] + flagQuery())
        return TransportRequest(
            method: "POST", url: url, headers: baseHeaders(), body: Data("{}".utf8), timeoutSeconds: timeout)
    }

    func continueRequest(_ step: AMStep) -> TransportRequest {
        TransportRequest(
            method: "POST", url: continueURL, headers: baseHeaders(), body: step.json.encoded, timeoutSeconds: timeout)
    }

    /// Sends with the run's cookies, stores new ones, and records the redacted exchange.
    func send(_ request: TransportRequest, step: Int) async throws(RunError) -> (TransportResponse, Exchange) {
        var request = request
        if let cookie = cookies.header { request.headers.append(cookie) }
        recording.exchangeStep = step
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
        if let response { cookies.store(from: response.headers) }
        // The body first: a tokenId it registers names the session cookie's placeholder too.
        let responseBody = response.map { redactor.redact(body: $0.body) }
        let exchange = Exchange(
            method: request.method,
            url: redactor.redact(request.url),
            requestHeaders: redactor.redact(headers: request.headers),
            requestBody: request.body.map { redactor.redact(body: $0) },
            status: response?.status,
            responseHeaders: response.map { redactor.redact(headers: $0.headers) } ?? [],
            responseBody: responseBody,
            startedAt: startedAt, duration: duration)
        switch outcome {
        case .success(let response):
            return (response, exchange)
        case .failure(let error):
            steps.append(StepTrace(number: step, kind: .end, exchange: exchange))
            throw transportFailure(error, request: request, step: step)
        }
    }
}

import Foundation
import JourneyCore

/// Sending: every request of the run goes through here, with the run's cookies, timed, and
/// kept unredacted until the run ends (``RunSession/finish(into:)`` hands every exchange to the
/// redactor, and it is redacted where it is first read).
extension RunSession {
    /// Sends with the run's cookies, stores new ones, and returns the exchange. A request that
    /// gets no response is recorded as a step and ends the run (transport error or replay mismatch).
    func send(_ request: TransportRequest, step: Int, party: Party) async throws(RunError) -> (
        TransportResponse, Exchange
    ) {
        var request = request
        let cookie = withState { state -> HeaderField? in
            state.exchangeStep = step
            return state.cookies.header
        }
        if let cookie { request.headers.append(cookie) }
        let (outcome, exchange) = await self.exchange(request)
        switch outcome {
        case .success(let response):
            let now = clock.now()
            withState { $0.cookies.store(from: response.headers, now: now) }
            return (response, exchange)
        case .failure(let error):
            record(StepTrace(number: step, kind: .end, exchange: exchange, party: party))
            throw transportFailure(error, request: request, step: step)
        }
    }

    /// Sends `request` through the run's transport, timing it, and keeps the exchange as it happened.
    /// The one place a request gets what every request of the run needs: the run's timeout
    /// (its own limit when tighter) and, for the script's server, the script's `server.headers`.
    func exchange(_ request: TransportRequest) async -> (Result<TransportResponse, TransportError>, Exchange) {
        var request = request
        let endpoint = endpoint
        request.timeoutSeconds = min(request.timeoutSeconds, endpoint.timeout)
        if request.toScriptServer { request.headers += endpoint.extraHeaders }
        let startedAt = clock.now()
        let start = DispatchTime.now()
        let outcome: Result<TransportResponse, TransportError>
        do {
            outcome = .success(try await transport.send(request))
        } catch {
            outcome = .failure(error)
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        withState { $0.transportTime += duration }
        let response = try? outcome.get()
        var exchange = Exchange(
            method: request.method, url: request.url, requestHeaders: request.headers, requestBody: nil,
            status: response?.status, responseHeaders: response?.headers ?? [], responseBody: nil,
            startedAt: startedAt, duration: duration)
        // Most responses have no Server-Timing: a check of the names here spares building the
        // list of pairs the reader takes.
        if let response,
            response.headers.contains(where: { HTTPText.namesMatch($0.name, ServerTiming.headerName) })
        {
            exchange.serverDuration = ServerTiming.seconds(inHeaders: response.headers.map { ($0.name, $0.value) })
        }
        exchange.unredacted = keptBodies(request, response)
        return (outcome, exchange)
    }

    /// The bodies an exchange keeps for the reports and the recording, within the run's budget
    /// (`limits.keptBodyBytes`): past it, a body is replaced by a line that says so, and its
    /// secrets are registered now, since its text will not be there to register them later.
    private func keptBodies(_ request: TransportRequest, _ response: TransportResponse?) -> UnredactedBodies {
        let budget = script.limits.keptBodyBytes
        let requestBytes = request.body?.count ?? 0
        let responseBytes = response?.body.count ?? 0
        let (keepRequest, keepResponse) = withState { state -> (Bool, Bool) in
            let keepRequest = state.keptBodyBytes + requestBytes <= budget
            if keepRequest { state.keptBodyBytes += requestBytes }
            let keepResponse = state.keptBodyBytes + responseBytes <= budget
            if keepResponse { state.keptBodyBytes += responseBytes }
            return (keepRequest, keepResponse)
        }
        if !keepRequest, let body = request.body { _ = redactor.registerSecrets(inBody: body) }
        if !keepResponse, let body = response?.body { _ = redactor.registerSecrets(inBody: body) }
        return UnredactedBodies(
            request: keepRequest ? request.body : KeptBodies.notKept(requestBytes, budget: budget),
            requestJSON: keepRequest ? request.sentJSON : nil,
            response: keepResponse
                ? response?.body : response.map { _ in KeptBodies.notKept(responseBytes, budget: budget) })
    }

    /// Sends a call outside the authenticate endpoint (a resource, sessions, serverinfo) and
    /// records it as a step of `phase`, sent to `party`. Returns the response and the step's index, for notes.
    func call(_ request: TransportRequest, phase: String, party: Party) async throws(RunError) -> (
        TransportResponse, Int
    ) {
        let number = nextStepNumber
        let first = stepCount
        do throws(RunError) {
            let (response, exchange) = try await send(request, step: number, party: party)
            let index = withState { state -> Int in
                state.steps.append(
                    StepTrace(number: number, kind: .call, exchange: exchange, phase: phase, party: party))
                return state.steps.count - 1
            }
            return (response, index)
        } catch {
            tagSteps(from: first, phase: phase)
            throw error
        }
    }

    /// Sends a request that is not a step of the journey (an outbox read), recording the
    /// exchange as a side exchange of the current step.
    func sendSide(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var (outcome, exchange) = await self.exchange(request)
        withState { state in
            exchange.step = state.exchangeStep
            state.sideExchanges.append(exchange)
        }
        return try outcome.get()
    }

    /// The run error for a request that got no response: a replay mismatch (exit 4) or a transport error (exit 3).
    func transportFailure(_ error: TransportError, request: TransportRequest, step: Int) -> RunError {
        if case .replayMismatch(let diff) = error {
            return RunError(.mismatch, diff, step: step)
        }
        return RunError(
            .transport,
            "\(request.method) \(redactor.redact(url: AMEndpoints.pathAndQuery(request.url))) at \(AMEndpoints.origin(of: request.url)): \(error)",
            step: step, transportFailure: error.kind)
    }

    /// `HTTP 403 (application/json): {"code":403,…}` for messages, redacted.
    func describe(_ response: TransportResponse) -> String {
        let type = response.headers.value("content-type").map { " (\($0))" } ?? ""
        let body =
            response.body.isEmpty ? "" : ": " + ResponseReader.excerpt(Data(redactor.redact(body: response.body).utf8))
        return "HTTP \(response.status)\(type)\(body)"
    }
}

/// The transport outbox reads use: the run's own, with each exchange recorded.
struct SideExchangeTransport: Transport {
    let session: RunSession

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        try await session.sendSide(request)
    }
}

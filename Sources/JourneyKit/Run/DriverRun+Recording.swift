import Foundation
import JourneyCore

/// What a run keeps so it can be recorded and replayed exactly: its seed, the exchanges made
/// outside the steps (outbox reads), and the step whose response is being answered.
struct RunRecordingState {
    var seed: UInt64?
    var sideExchanges: [Exchange] = []
    /// The round trip whose response the run is working on (0 before the first).
    var exchangeStep = 0
}

extension DriverRun {
    /// The transport and clock of this run: a run-scoped transport (a replay) gives each run its own.
    static func runScope(_ configuration: RunConfiguration, script: Script, redactor: Redactor) -> (any Transport, any JourneyClock) {
        let base = configuration.transport ?? HTTPTransport(verifyTLS: script.server.verifyTLS)
        guard let scoped = base as? any RunScopedTransport else { return (base, configuration.clock) }
        let scope = scoped.begin(TransportRunInfo(scriptFile: script.file, scriptName: script.name, redactor: redactor))
        return (scope.transport, scope.clock ?? configuration.clock)
    }

    /// The run error for a request that got no response: a replay mismatch (exit 4) or a transport error (exit 3).
    func transportFailure(_ error: TransportError, request: TransportRequest, step: Int) -> RunError {
        if case .replayMismatch(let diff) = error {
            return RunError(.mismatch, diff, step: step)
        }
        return RunError(
            .transport,
            "\(request.method) \(redactor.redact(AMEndpoints.pathAndQuery(request.url))) at \(AMEndpoints.origin(of: request.url)): \(error)",
            step: step)
    }

    /// Sends a request that is not a step of the journey (an outbox read), recording the
    /// redacted exchange in `sideExchanges`.
    func sendSide(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
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
        let responseBody = response.map { redactor.redact(body: $0.body) }
        recording.sideExchanges.append(
            Exchange(
                method: request.method, url: redactor.redact(request.url),
                requestHeaders: redactor.redact(headers: request.headers),
                requestBody: request.body.map { redactor.redact(body: $0) }, status: response?.status,
                responseHeaders: response.map { redactor.redact(headers: $0.headers) } ?? [],
                responseBody: responseBody, startedAt: startedAt, duration: duration,
                step: recording.exchangeStep))
        return try outcome.get()
    }

    /// Fills the result's recording fields, and redacts the trace once more with every secret
    /// the run learned (a code read from the outbox is known as secret only after it was read).
    func finishRecording(_ result: inout JourneyResult) {
        result.seed = recording.seed
        var variables: [String: String] = [:]
        for (name, value) in context?.variables ?? [:] where value.secretName == nil {
            variables[name] = redactor.redact(value.json.displayText)
        }
        result.variables = variables
        result.steps = result.steps.map { step in
            var step = step
            step.exchange = step.exchange.redacted(by: redactor)
            return step
        }
        result.sideExchanges = recording.sideExchanges.map { $0.redacted(by: redactor) }
    }
}

/// The transport outbox reads use: the run's own, with each exchange recorded.
struct SideExchangeTransport: Transport {
    let run: DriverRun

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        try await run.sendSide(request)
    }
}

extension Exchange {
    /// The exchange with every secret `redactor` knows now replaced.
    func redacted(by redactor: Redactor) -> Exchange {
        var copy = self
        copy.url = redactor.redact(url)
        copy.requestHeaders = redactor.redact(headers: requestHeaders)
        copy.requestBody = requestBody.map(redactor.redact)
        copy.responseHeaders = redactor.redact(headers: responseHeaders)
        copy.responseBody = responseBody.map(redactor.redact)
        return copy
    }
}

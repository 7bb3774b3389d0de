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
    static func runScope(_ configuration: RunConfiguration, script: Script, redactor: Redactor) -> (
        any Transport, any JourneyClock
    ) {
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
            "\(request.method) \(redactor.redact(url: AMEndpoints.pathAndQuery(request.url))) at \(AMEndpoints.origin(of: request.url)): \(error)",
            step: step)
    }

    /// Sends a request that is not a step of the journey (an outbox read), recording the
    /// exchange in `sideExchanges`.
    func sendSide(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var (outcome, exchange) = await exchange(request)
        exchange.step = recording.exchangeStep
        recording.sideExchanges.append(exchange)
        return try outcome.get()
    }

    /// Fills the result's recording fields and redacts every exchange of the run, once, with
    /// every secret the run learned: secrets in all responses are registered first, so a tokenId
    /// of the last step names the session cookie of earlier ones, and a code read from the outbox
    /// is hidden in the step that sent it.
    func finishRecording(_ result: inout JourneyResult) {
        result.seed = recording.seed
        var exchanges = result.steps.map(\.exchange) + recording.sideExchanges
        for index in exchanges.indices {
            exchanges[index].registerSecrets(with: redactor)
        }
        for index in exchanges.indices {
            exchanges[index] = exchanges[index].redacted(by: redactor)
        }
        for index in result.steps.indices {
            result.steps[index].exchange = exchanges[index]
        }
        result.sideExchanges = Array(exchanges[result.steps.count...])
        var variables: [String: String] = [:]
        for (name, value) in context?.variables ?? [:] where value.secretName == nil {
            variables[name] = redactor.redact(value.json.displayText)
        }
        result.variables = variables
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
    /// Registers the secrets the response carries (`tokenId`, `otpauth` seeds...) and keeps its parsed JSON.
    mutating func registerSecrets(with redactor: Redactor) {
        guard let bodies = unredacted, let body = bodies.response, !body.isEmpty else { return }
        unredacted?.responseJSON = redactor.registerSecrets(inBody: body, parsed: bodies.responseJSON)
    }

    /// The exchange with every secret `redactor` knows now replaced.
    func redacted(by redactor: Redactor) -> Exchange {
        var copy = self
        copy.url = redactor.redact(url: url)
        copy.requestHeaders = redactor.redact(headers: requestHeaders)
        copy.responseHeaders = redactor.redact(headers: responseHeaders)
        if let bodies = unredacted {
            if let json = bodies.requestJSON {
                copy.requestBody = redactor.redact(json: json, sent: true).compactJSON
            } else {
                copy.requestBody = bodies.request.map { redactor.redact(body: $0, sent: true) }
            }
            if let json = bodies.responseJSON {
                copy.responseBody = redactor.redact(json: json).compactJSON
            } else {
                copy.responseBody = bodies.response.map { redactor.redact(body: $0) }
            }
            copy.unredacted = nil
        } else {
            // Another run's exchanges (`uses:`), redacted already: their JSON stays JSON.
            copy.requestBody = requestBody.map { redactor.redact(body: Data($0.utf8), sent: true) }
            copy.responseBody = responseBody.map { redactor.redact(body: Data($0.utf8)) }
        }
        return copy
    }
}

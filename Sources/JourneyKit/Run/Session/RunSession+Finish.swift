import Foundation
import JourneyCore

extension RunSession {
    /// Fills the result from the session: steps, failures, diagnostics, the recording fields,
    /// and redacts every exchange of the run, once, with every secret the run learned: secrets
    /// in all responses are registered first, so a tokenId of the last step names the session
    /// cookie of earlier ones, and a code read from the outbox is hidden in the step that sent it.
    func finish(into result: inout JourneyResult) {
        let state = withState { $0 }
        if !state.endpoint.baseURL.isEmpty { result.server = state.endpoint.baseURL }
        result.diagnostics = state.diagnostics
        result.seed = state.seed
        result.transportTime = state.transportTime
        result.failures = state.failures
        result.steps = state.steps
        var exchanges = result.steps.map(\.exchange) + state.sideExchanges
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
        for (name, value) in context.variables where value.secretName == nil {
            variables[name] = redactor.redact(value.json.displayText)
        }
        result.variables = variables
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

import Foundation
import JourneyCore

extension RunSession {
    /// Fills the result from the session: steps, failures, diagnostics, the recording fields,
    /// and redacts every exchange of the run, once, with every secret the run learned: secrets
    /// in all responses are registered first, so a tokenId of the last step names the session
    /// cookie of earlier ones, and a code read from the outbox is hidden in the step that sent it.
    func finish(into result: inout JourneyResult) {
        // The steps and side exchanges are moved out, not copied: a copy left in the session
        // made the first change below copy every step again (and kept the unredacted bodies).
        withState { state in
            if !state.endpoint.baseURL.isEmpty { result.server = state.endpoint.baseURL }
            result.diagnostics = state.diagnostics
            result.seed = state.seed
            result.transportTime = state.transportTime
            result.failures = state.failures
            swap(&result.steps, &state.steps)
            swap(&result.sideExchanges, &state.sideExchanges)
        }
        // In place: copying the exchanges out and back was a visible cost of every run.
        for index in result.steps.indices {
            result.steps[index].exchange.registerSecrets(with: redactor)
        }
        for index in result.sideExchanges.indices {
            result.sideExchanges[index].registerSecrets(with: redactor)
        }
        // After the secrets they carried are known: the URLs kept are still redacted of them.
        if !configuration.keepsExchangeBodies {
            for index in result.steps.indices { result.steps[index].exchange.dropBodies() }
            for index in result.sideExchanges.indices { result.sideExchanges[index].dropBodies() }
        }
        for index in result.steps.indices {
            result.steps[index].exchange.redact(by: redactor)
        }
        for index in result.sideExchanges.indices {
            result.sideExchanges[index].redact(by: redactor)
        }
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

    /// Forgets the headers and bodies, keeping the URL, status and timing.
    mutating func dropBodies() {
        unredacted = nil
        requestHeaders = []
        responseHeaders = []
        requestBody = nil
        responseBody = nil
    }

    /// Replaces every secret `redactor` knows now.
    mutating func redact(by redactor: Redactor) {
        url = redactor.redact(url: url)
        requestHeaders = redactor.redact(headers: requestHeaders)
        responseHeaders = redactor.redact(headers: responseHeaders)
        if let bodies = unredacted {
            unredacted = nil
            if let json = bodies.requestJSON {
                requestBody = redactor.redactedCompactJSON(json, body: bodies.request, sent: true)
            } else {
                requestBody = bodies.request.map { redactor.redact(body: $0, sent: true) }
            }
            if let json = bodies.responseJSON {
                responseBody = redactor.redactedCompactJSON(json, body: bodies.response, sent: false)
            } else {
                responseBody = bodies.response.map { redactor.redact(body: $0) }
            }
        } else {
            // Another run's exchanges (`uses:`), redacted already: their JSON stays JSON.
            requestBody = requestBody.map { redactor.redact(body: Data($0.utf8), sent: true) }
            responseBody = responseBody.map { redactor.redact(body: Data($0.utf8)) }
        }
    }
}

import Foundation
import JourneyCore

extension RunSession {
    /// Fills the result from the session: steps, failures, diagnostics, the recording fields,
    /// and every exchange of the run handed to the redactor, to be redacted once, where it is first
    /// read, with every secret the run learned: secrets in all exchanges are registered first, so
    /// a tokenId of the last step names the session cookie of earlier ones, and a code read from
    /// the outbox is hidden in the step that sent it.
    func finish(into result: inout JourneyResult) {
        // The steps and side exchanges are moved out, not copied: a copy left in the session
        // made the first change below copy every step again (and kept the unredacted bodies).
        withState { state in
            if !state.endpoint.baseURL.isEmpty { result.server = state.endpoint.baseURL }
            result.diagnostics = state.diagnostics
            result.seed = state.seed
            result.sdk = sdkProfile
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
        let keepsBodies = configuration.keepsExchangeBodies
        for index in result.steps.indices {
            result.steps[index].exchange.finishRedaction(by: redactor, keepingBodies: keepsBodies)
        }
        for index in result.sideExchanges.indices {
            result.sideExchanges[index].finishRedaction(by: redactor, keepingBodies: keepsBodies)
        }
        var variables: [String: String] = [:]
        for (name, value) in context.variables where value.secretName == nil {
            variables[name] = redactor.redact(value.json.displayText)
        }
        result.variables = variables
    }
}

extension Exchange {
    /// Registers the secrets the exchange carries: the response's (`tokenId`, `otpauth` seeds...),
    /// keeping its parsed JSON, and the `otpauth` seeds of a request body that is not JSON.
    mutating func registerSecrets(with redactor: Redactor) {
        guard let bodies = unredacted else { return }
        if bodies.requestJSON == nil, let body = bodies.request, !body.isEmpty {
            OTPAuthSecrets.register(in: body, with: redactor)
        }
        guard let body = bodies.response, !body.isEmpty else { return }
        unredacted?.responseJSON = redactor.registerSecrets(inBody: body, parsed: bodies.responseJSON)
    }

    /// Redacts the URL now and hands the headers and bodies to `redactor`, to be redacted on
    /// first read; without `keepingBodies` they are dropped instead, keeping the URL, status and timing.
    mutating func finishRedaction(by redactor: Redactor, keepingBodies: Bool) {
        url = redactor.redact(url: url)
        if keepingBodies {
            redactWhenRead(by: redactor)
        } else {
            dropHeadersAndBodies()
        }
    }
}

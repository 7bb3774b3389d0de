import Foundation
import JourneyCore

/// The last pass of a run, after its exchanges (`RunSession.finish(into:)`): every text of
/// the result that came from the server or the run (prompts, headers, notes, inputs, failure
/// messages, the outcome) is redacted with every secret the run learned, so a secret learned
/// late (an OTP seed read after its QR code was shown) or echoed by the server (a password
/// repeated in a failure message) reaches no report. Stage names and callback types are kept.
extension Redactor {
    func redactTexts(of result: inout JourneyResult) {
        // One snapshot for every text of the steps: nothing in them registers a secret.
        let secrets = snapshot
        for index in result.steps.indices {
            redactTexts(of: &result.steps[index], with: secrets)
        }
        result.server = result.server.map { redact(url: $0) }
        result.outcome = result.outcome.map(redact(outcome:))
        result.failures = result.failures.map(redact(failure:))
        result.error = result.error.map { error in
            var error = error
            error.message = redact(error.message)
            return error
        }
    }

    private func redactTexts(of step: inout StepTrace, with secrets: Secrets) {
        step.header = step.header.map { redact($0, with: secrets) }
        step.stage = step.stage.map { redact(identifier: $0, with: secrets) }
        step.notes = step.notes.map { ($0.key, redact($0.value, with: secrets)) }
        step.failures = step.failures.map { failure in
            var failure = failure
            failure.message = redact(failure.message, with: secrets)
            return failure
        }
        for index in step.callbacks.indices {
            var callback = step.callbacks[index]
            // A callback that took no input has no prompt a handler matched on: its text is the server's.
            callback.prompt = callback.prompt.map {
                callback.inputs.isEmpty ? redact($0, with: secrets) : redact(label: $0, with: secrets)
            }
            callback.notes = callback.notes.map { ($0.key, redact($0.value, with: secrets)) }
            callback.inputs = callback.inputs.map { input in
                let shown = redact(input.value, with: secrets)
                return InputTrace(name: input.name, value: shown, redacted: input.redacted || shown != input.value)
            }
            step.callbacks[index] = callback
        }
    }

    private func redact(failure: ExpectationFailure) -> ExpectationFailure {
        var failure = failure
        failure.message = redact(failure.message)
        return failure
    }

    /// A body kept as text: JSON stays JSON (a number is never replaced inside it).
    private func redact(bodyText: String) -> String {
        redact(body: Data(bodyText.utf8))
    }

    private func redact(detail: [String: JSONValue]?) -> [String: JSONValue]? {
        detail.map { redact(json: .object($0)).objectValue ?? $0 }
    }

    func redact(outcome: Outcome) -> Outcome {
        switch outcome {
        case .success(let tokenPresent, let realm, let successUrl):
            return .success(
                tokenPresent: tokenPresent, realm: realm.map { redact($0) },
                successUrl: successUrl.map { redact(url: $0) })
        case .failure(let code, let reason, let message, let detail):
            return .failure(
                code: code, reason: redact(reason), message: redact(message), detail: redact(detail: detail))
        case .suspended(let message):
            return .suspended(message: message.map(redact(_:)))
        case .redirect(let url, let method):
            return .redirect(url: redact(url: url), method: method)
        case .timeout(let message):
            return .timeout(message: redact(message))
        case .authorized(let status, let advice, let body):
            return .authorized(status: status, advice: advice, body: body.map(redact(bodyText:)))
        case .denied(let status, let advice, let reason, let body):
            return .denied(status: status, advice: advice, reason: redact(reason), body: body.map(redact(bodyText:)))
        case .token(let scope, let expiresIn, let resourceStatus, let resourceBody):
            return .token(
                scope: scope, expiresIn: expiresIn, resourceStatus: resourceStatus,
                resourceBody: resourceBody.map(redact(bodyText:)))
        case .blocked(let check, let message, let detail):
            return .blocked(check: check, message: redact(message), detail: redact(detail: detail))
        }
    }
}

import JourneyCore

/// PingOneProtectInitializeCallback: only `clientError` (written by the generic rule); without
/// one the callback is echoed, as the SDK leaves it after a successful start.
enum ProtectInitializeAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {}
}

/// PingOneProtectEvaluationCallback: `signals` (or `value`) into `…signals`, or `clientError`.
enum ProtectEvaluationAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if let signals = context.answer.signals ?? context.answer.value {
            try await context.writeText(signals, suffix: "signals", into: &draft)
        } else if context.answer.clientError == nil {
            try context.requireAnswer(draft, expected: "signals or clientError")
        }
    }
}

/// PingOne Protect as a MetadataCallback: the answer goes into the paired HiddenValueCallbacks,
/// `clientError` into the one whose id contains `clientError`, `signals` (or `value`, evaluation
/// only) into `pingone_risk_evaluation_signals`. Initialize without options is echoed.
enum ProtectMetadataAnswerer: CallbackAnswerer {
    static var handlesClientError: Bool { true }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let answer = context.answer
        if let clientError = answer.clientError {
            let resolved = try await context.resolve(clientError)
            let text = ValueConversion.text(resolved.json)
            draft.pairedWrites.append(
                PairedWrite(hiddenId: HiddenId.clientError, value: text, secretName: resolved.secretName))
            draft.notes.append(("clientError", context.redactor.redact(text)))
        }
        if let signalsSpec = answer.signals ?? answer.value {
            guard draft.form == .protectEvaluation else {
                throw context.error("\(draft.subject) takes only clientError; signals belong to the risk evaluation")
            }
            let resolved = try await context.resolve(signalsSpec)
            draft.pairedWrites.append(
                PairedWrite(
                    hiddenId: HiddenId.protectSignals, value: ValueConversion.text(resolved.json),
                    secretName: context.secretName(of: resolved, spec: signalsSpec, fallback: nil)))
        }
        if draft.pairedWrites.isEmpty, draft.form == .protectEvaluation {
            try context.requireAnswer(draft, expected: "signals or clientError")
        }
    }
}

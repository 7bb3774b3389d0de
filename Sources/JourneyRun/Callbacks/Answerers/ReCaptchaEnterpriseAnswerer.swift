import JourneyCore

/// ReCaptchaEnterpriseCallback, as the Ping SDK's `verify()` with a `ReCaptchaEnterpriseConfig`:
/// `action` (default `login`) into `…action`; `payload` as JSON text (sorted keys) into
/// `…payload` (left empty when absent); `token` (a secret) into `…token`, resolved with
/// `timeout` ms (default 15000) so a provider command is bounded. A provider command that fails
/// or times out sets `…clientError` to its message and leaves the token empty, as `verify()`
/// does; `clientError` sends a code instead of a token, as `setClientError` does.
enum ReCaptchaEnterpriseAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .reCaptchaEnterprise }

    static let defaultAction = "login"
    static let defaultTimeoutMilliseconds = 15000

    static var handlesClientError: Bool { true }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let answer = context.answer
        if let siteKey = draft.original.output("recaptchaSiteKey")?.stringValue {
            draft.notes.append(("siteKey", siteKey))
        }

        if let clientError = answer.clientError {
            if let action = answer.action { try writeAction(action.value, into: &draft, context) }
            try await writePayload(into: &draft, context)
            try await context.writeClientError(clientError, into: &draft)
            return
        }
        guard let tokenSpec = answer.token else { throw context.missingAnswer(draft, expected: "token or clientError") }

        try writeAction(answer.action?.value ?? defaultAction, into: &draft, context)
        try await writePayload(into: &draft, context)
        let timeout = answer.timeoutMilliseconds?.value ?? defaultTimeoutMilliseconds
        let token: ResolvedValue
        do {
            token = try await context.resolve(tokenSpec, timeoutMilliseconds: timeout)
        } catch {
            guard case .command = tokenSpec.source else { throw error }
            let message = error.message
            try draft.write(.string(message), suffix: "clientError", redactor: context.redactor, context: context)
            draft.notes.append(("clientError", context.redactor.redact(message)))
            return
        }
        let secret = context.secretName(
            of: token, spec: tokenSpec,
            fallback: CallbackCatalogue.secretName(forInputSuffix: "token", in: draft.original))
        try draft.write(
            .string(ValueConversion.text(token.json)), suffix: "token", secretName: secret, redactor: context.redactor,
            context: context)
    }

    private static func writeAction(_ action: String, into draft: inout CallbackDraft, _ context: AnswerContext)
        throws(RunError)
    {
        try draft.write(.string(action), suffix: "action", redactor: context.redactor, context: context)
        draft.notes.append(("action", action))
    }

    private static func writePayload(into draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let payload = context.answer.payload else { return }
        let text = try await context.environment.expandTemplates(in: payload.value).compactJSON
        try draft.write(.string(text), suffix: "payload", redactor: context.redactor, context: context)
        draft.notes.append(("payload", context.redactor.redact(text)))
    }
}

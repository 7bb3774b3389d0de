import JourneyCore

/// ReCaptchaEnterpriseCallback, as ping-ios's ReCaptchaEnterpriseCallback
/// (ReCaptchaEnterprise/ReCaptchaEnterprise/ReCaptchaEnterpriseCallback.swift): each option sets
/// its own input and the others stay as received, as `setToken`, `setAction`, `setClientError`
/// and `setPayload` do (ReCaptchaEnterpriseCallbackTests.swift: testSetToken, testSetAction,
/// testSetClientError, testSetPayloadWithValidData). `token` runs as `verify()` does: `payload`
/// (a non-empty mapping, as JSON text with sorted keys) is set first; the token (a secret,
/// resolved with `timeout` ms, default 15000) and the action (default `login`; with `keep: true`
/// none, as `setToken` alone leaves it as received) once it came; a
/// provider command that fails or times out sets `…clientError` to its message instead, and the
/// payload set first stays, as `verify()`'s catch leaves it. A client profile posts its SDK's
/// encoding of that from there (`SDKProfileAnswers`: ping-android's four inputs, forgerock-ios's
/// inputs set, forgerock-js's payload object), the one place the SDKs' differences live.
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
        if let payload = try await payloadText(context) { try writePayload(payload, into: &draft, context) }
        if let clientError = answer.clientError { try await context.writeClientError(clientError, into: &draft) }
        guard let tokenSpec = answer.token else {
            if let action = answer.action { try writeAction(action.value, into: &draft, context) }
            return
        }
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
        // `keep: true`: the token alone, as `setToken` sets it (testSetToken); else as `verify()`.
        if let action = answer.action?.value ?? (context.keeps ? nil : defaultAction) {
            try writeAction(action, into: &draft, context)
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

    /// The payload's JSON text; `nil` when the handler gives none, or an empty mapping, which
    /// `setPayload` leaves unsent (testSetPayloadWithEmptyDictionary).
    private static func payloadText(_ context: AnswerContext) async throws(RunError) -> String? {
        guard let payload = context.answer.payload, payload.value.objectValue?.isEmpty == false else { return nil }
        return try await context.environment.expandTemplates(in: payload.value).compactJSON
    }

    private static func writePayload(_ text: String, into draft: inout CallbackDraft, _ context: AnswerContext)
        throws(RunError)
    {
        try draft.write(.string(text), suffix: "payload", redactor: context.redactor, context: context)
        draft.notes.append(("payload", context.redactor.redact(text)))
    }
}

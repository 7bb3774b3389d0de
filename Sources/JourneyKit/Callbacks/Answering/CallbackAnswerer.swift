import JourneyCore

/// Answers one kind of callback from a handler's options. Answerers only change input
/// values, always found by suffix in the callback's own `input` array.
protocol CallbackAnswerer: Sendable {
    /// True when the answerer writes `clientError` itself; otherwise the generic rule applies
    /// (write the `clientError` input when the callback has one).
    static var handlesClientError: Bool { get }

    /// Writes the handler's answer into `draft`. Throws a script error when the answer does
    /// not fit what the server sent (unknown choice, missing option...).
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError)
}

extension CallbackAnswerer {
    static var handlesClientError: Bool { false }
}

/// The answerer for each callback: by special form first, then by wire type; unknown types are custom.
enum AnswererTable {
    static func answerer(for draft: CallbackDraft) -> any CallbackAnswerer.Type {
        if let form = draft.form {
            return form.isWebAuthn ? WebAuthnAnswerer.self : ProtectMetadataAnswerer.self
        }
        return byType[draft.type] ?? CustomCallbackAnswerer.self
    }

    private static let byType: [String: any CallbackAnswerer.Type] = [
        "NameCallback": TextValueAnswerer.self,
        "PasswordCallback": TextValueAnswerer.self,
        "TextInputCallback": TextValueAnswerer.self,
        "StringAttributeInputCallback": TextValueAnswerer.self,
        "ValidatedCreateUsernameCallback": TextValueAnswerer.self,
        "ValidatedCreatePasswordCallback": TextValueAnswerer.self,
        "NumberAttributeInputCallback": NumberValueAnswerer.self,
        "BooleanAttributeInputCallback": BooleanValueAnswerer.self,
        "ChoiceCallback": ChoiceAnswerer.self,
        "ConfirmationCallback": ChoiceAnswerer.self,
        "KbaCreateCallback": KbaCreateAnswerer.self,
        "TermsAndConditionsCallback": AcceptanceAnswerer.self,
        "ConsentMappingCallback": AcceptanceAnswerer.self,
        "HiddenValueCallback": HiddenValueAnswerer.self,
        "TextOutputCallback": OutputOnlyAnswerer.self,
        "MetadataCallback": OutputOnlyAnswerer.self,
        "SuspendedTextOutputCallback": OutputOnlyAnswerer.self,
        "RedirectCallback": OutputOnlyAnswerer.self,
        "PollingWaitCallback": OutputOnlyAnswerer.self,
        "DeviceProfileCallback": DeviceProfileAnswerer.self,
        "ReCaptchaCallback": ReCaptchaAnswerer.self,
        "ReCaptchaEnterpriseCallback": ReCaptchaEnterpriseAnswerer.self,
        "SelectIdPCallback": SelectIdPAnswerer.self,
        "IdPCallback": IdPAnswerer.self,
        "PingOneProtectInitializeCallback": ProtectInitializeAnswerer.self,
        "PingOneProtectEvaluationCallback": ProtectEvaluationAnswerer.self,
        "DeviceBindingCallback": DeviceBindingAnswerer.self,
        "DeviceSigningVerifierCallback": DeviceSigningVerifierAnswerer.self,
        "AppIntegrityCallback": AppIntegrityAnswerer.self,
    ]
}

extension AnswerContext {
    /// Resolves `spec` and writes it as text into the input with `suffix`; a secret when the
    /// value is a declared secret or the catalogue names the input one.
    func writeText(_ spec: ValueSpec, suffix: String, into draft: inout CallbackDraft) async throws(RunError) {
        let resolved = try await resolve(spec)
        let fallback = CallbackCatalogue.secretName(forInputSuffix: suffix, in: draft.original)
        let secret = secretName(of: resolved, spec: spec, fallback: fallback)
        try draft.write(
            .string(ValueConversion.text(resolved.json)), suffix: suffix, secretName: secret, redactor: redactor,
            context: self)
    }

    /// Writes the client error code (resolved from `spec`) into the `clientError` input.
    func writeClientError(_ spec: ValueSpec, into draft: inout CallbackDraft) async throws(RunError) {
        let resolved = try await resolve(spec)
        let text = ValueConversion.text(resolved.json)
        try draft.write(
            .string(text), suffix: "clientError", secretName: resolved.secretName, redactor: redactor, context: self)
        draft.notes.append(("clientError", redactor.redact(text)))
    }

    /// The error for a handler that sets nothing this callback can use.
    func missingAnswer(_ draft: CallbackDraft, expected: String) -> RunError {
        error("\(draft.subject) needs \(expected); the handler sets none of them")
    }
}

import JourneyCore
import JourneyFormat

/// Answers one kind of callback from a handler's options. Answerers only change input
/// values, always found by suffix in the callback's own `input` array.
protocol CallbackAnswerer: Sendable {
    /// True when the answerer writes `clientError` itself; otherwise the generic rule applies
    /// (write the `clientError` input when the callback has one).
    static var handlesClientError: Bool { get }

    /// Writes the handler's answer into `draft`. Throws a script error when the answer does
    /// not fit what the server sent (unknown choice, missing option...).
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError)

    /// How this answerer's answers look in a recording, for the importer.
    static var recordedShape: RecordedAnswerShape { get }
}

extension CallbackAnswerer {
    static var handlesClientError: Bool { false }
    static var recordedShape: RecordedAnswerShape { .inputValues }
}

/// The answerer for each callback: by special form first, then by registry type; unknown types are custom.
enum AnswererTable {
    static func answerer(for draft: CallbackDraft) -> any CallbackAnswerer.Type {
        if let form = draft.form {
            return form.isWebAuthn ? WebAuthnAnswerer.self : ProtectMetadataAnswerer.self
        }
        return answerer(forTypeNamed: draft.type)
    }

    /// The answerer registered for a wire type name; a name the registry does not know is custom.
    static func answerer(forTypeNamed name: String) -> any CallbackAnswerer.Type {
        CallbackType(wireName: name)?.answerer ?? CustomCallbackAnswerer.self
    }
}

/// How the answerer of a wire type writes its answer, for the importer to read it back.
package enum RecordedAnswerShapes {
    /// The shape for a wire type name; a name the registry does not know is custom.
    package static func shape(forTypeNamed name: String) -> RecordedAnswerShape {
        AnswererTable.answerer(forTypeNamed: name).recordedShape
    }
}

extension CallbackType {
    /// The answerer for callbacks of this type (special forms aside, see `AnswererTable`).
    var answerer: any CallbackAnswerer.Type {
        switch self {
        case .name, .password, .textInput, .stringAttributeInput, .validatedCreateUsername, .validatedCreatePassword:
            return TextValueAnswerer.self
        case .numberAttributeInput: return NumberValueAnswerer.self
        case .booleanAttributeInput: return BooleanValueAnswerer.self
        case .choice, .confirmation: return ChoiceAnswerer.self
        case .kbaCreate: return KbaCreateAnswerer.self
        case .termsAndConditions, .consentMapping: return AcceptanceAnswerer.self
        case .hiddenValue: return HiddenValueAnswerer.self
        case .textOutput, .metadata, .suspendedTextOutput, .redirect, .pollingWait: return OutputOnlyAnswerer.self
        case .deviceProfile: return DeviceProfileAnswerer.self
        case .reCaptcha: return ReCaptchaAnswerer.self
        case .reCaptchaEnterprise: return ReCaptchaEnterpriseAnswerer.self
        case .selectIdP: return SelectIdPAnswerer.self
        case .idP: return IdPAnswerer.self
        case .pingOneProtectInitialize: return ProtectInitializeAnswerer.self
        case .pingOneProtectEvaluation: return ProtectEvaluationAnswerer.self
        case .deviceBinding: return DeviceBindingAnswerer.self
        case .deviceSigningVerifier: return DeviceSigningVerifierAnswerer.self
        case .appIntegrity: return AppIntegrityAnswerer.self
        // WebAuthn arrives as a special form; a callback sent under a derived name is a custom one.
        // The product's own types are answered by input name too.
        case .webAuthnRegistration, .webAuthnAuthentication, .proofOfWork: return CustomCallbackAnswerer.self
        }
    }
}

extension AnswerContext {
    /// Resolves `spec` and writes it as text into the input with `suffix`; a secret when the
    /// value is a declared secret or the catalogue names the input one.
    func writeText(_ spec: ValueSpec, suffix: String, into draft: inout CallbackDraft) async throws(RunError) {
        let resolved = try await resolve(spec)
        let fallback = CallbackCatalogue.secretName(forInputSuffix: suffix, in: draft.original)
        let secret = secretName(of: resolved, spec: spec, fallback: fallback)
        try draft.write(
            spec.isNull ? .null : .string(ValueConversion.text(resolved.json)), suffix: suffix, secretName: secret,
            redactor: redactor, context: self)
    }

    /// Writes the client error code (resolved from `spec`) into the `clientError` input.
    func writeClientError(_ spec: ValueSpec, into draft: inout CallbackDraft) async throws(RunError) {
        let resolved = try await resolve(spec)
        let text = ValueConversion.text(resolved.json)
        if try !SDKProfileAnswers.writeClientErrorByPosition(
            .string(text), secretName: resolved.secretName, into: &draft, self)
        {
            try draft.write(
                .string(text), suffix: "clientError", secretName: resolved.secretName, redactor: redactor, context: self
            )
        }
        draft.notes.append(("clientError", redactor.redact(text)))
    }

    /// The error for a handler that sets nothing this callback can use.
    func missingAnswer(_ draft: CallbackDraft, expected: String) -> RunError {
        error("\(draft.subject) needs \(expected); the handler sets none of them")
    }
}

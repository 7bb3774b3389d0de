import JourneyCore

/// WebAuthn registration or authentication (MetadataCallback, or TextOutputCallback script),
/// answered into the paired `webAuthnOutcome` HiddenValueCallback. By default the software
/// authenticator registers or signs (``PasskeyAuthenticator``). `clientError` sends the outcome a
/// client sends on failure, plain (even when the node supports JSON responses, errors are sent
/// as plain text): `clientError: NotAllowedError` becomes `ERROR::NotAllowedError:<the
/// browser's message>`; `unsupported` and full `ERROR::…` strings are sent as given. `value`
/// sends any outcome string as is.
enum WebAuthnAnswerer: CallbackAnswerer {
    static var handlesClientError: Bool { true }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let outcome: String
        let resolved: ResolvedValue
        if let clientError = context.answer.clientError {
            resolved = try await context.resolve(clientError)
            outcome = WebAuthnOutcome.clientError(ValueConversion.text(resolved.json))
            draft.notes.append(("clientError", context.redactor.redact(outcome)))
        } else if let value = context.answer.value {
            resolved = try await context.resolve(value)
            outcome = ValueConversion.text(resolved.json)
        } else {
            try await PasskeyAuthenticator.answer(&draft, context)
            return
        }
        draft.pairedWrites.append(
            PairedWrite(hiddenId: HiddenId.webAuthnOutcome, value: outcome, secretName: resolved.secretName))
    }
}

/// The outcome strings a WebAuthn client sends on failure (am-protocol.md §6).
enum WebAuthnOutcome {
    /// Messages browsers give with each DOMException, used when only the name is given.
    static let messages: [String: String] = [
        "NotAllowedError": "The operation either timed out or was not allowed.",
        "TimeoutError": "The operation timed out.",
        "InvalidStateError": "The authenticator was previously registered.",
        "NotSupportedError": "The operation is not supported.",
        "AbortError": "The operation was aborted.",
        "SecurityError": "The operation is insecure.",
        "ConstraintError": "The authenticator does not support the requested options.",
        "EncodingError": "The data could not be encoded.",
        "UnknownError": "The operation failed for an unknown transient reason.",
    ]

    /// `unsupported` and `ERROR::…` as given; `NotAllowedError` → `ERROR::NotAllowedError:<message>`;
    /// `NotAllowedError: custom text` → `ERROR::NotAllowedError: custom text`; anything else as given.
    static func clientError(_ text: String) -> String {
        if text == "unsupported" || text.hasPrefix("ERROR::") { return text }
        let name = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
        guard name.hasSuffix("Error"), !name.contains(" ") else { return text }
        if name == text { return "ERROR::\(name):\(messages[name] ?? "The operation failed.")" }
        return "ERROR::\(text)"
    }
}

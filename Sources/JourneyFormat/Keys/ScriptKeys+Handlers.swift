import JourneyCore

/// `handlers:`: the map form's answers, the list form's handlers, their answer options and matchers.
extension ScriptKeys {
    /// The map form by callback type (custom types too: any other key), the list form, or a
    /// MobileFirst script's answers by security-check name.
    static let handlers = ValueDeclaration.anyOf([
        .mapping(
            MappingDeclaration(
                "handlers", otherKeys: .defined("answerValue"),
                keys: (KnownCallbackTypes.all + KnownCallbackTypes.derived).map {
                    .optional($0, .defined("answerValue"))
                })),
        .list(.defined("handler")),
        .map(.object),
    ])

    /// IdPCallback's `tokenType`.
    static let tokenTypes = ["id_token", "access_token", "authorization_code", "JSON"]

    static let answer = MappingDeclaration(
        "an answer",
        doc: "How a handler answers: the options that fit the callback type it matches.",
        keys: answerOptions + passkeyOptions)

    /// A list-form handler: `match:` and the answer options at the same level.
    static let handler = MappingDeclaration(
        "a handler",
        doc: "A handler of the list form: which callbacks it answers (match) and how.",
        keys: [
            .required(
                "match", .defined("matcher"),
                "Which callbacks this handler answers: a callback type, or a mapping of criteria.")
        ] + answerOptions + passkeyOptions)

    static let answerOptions: [KeyDeclaration] = [
        .optional(
            "value", .defined("valueSpec"),
            "The value of the callback's one input (names, passwords, text, attributes, hidden values)."),
        .optional(
            "choose", .anyOf([.string(), .integer(NumberRanges.choiceIndex)]),
            "ChoiceCallback / ConfirmationCallback: an option label, or a 0-based index."),
        .optional(
            "question", .defined("valueSpec"),
            "KbaCreateCallback: the question (a predefined one, or your own when allowed)."),
        .optional("answer", .defined("valueSpec"), "KbaCreateCallback: the answer."),
        .optional(
            "forceQuestion", .bool,
            "KbaCreateCallback: send the question even when allowUserDefinedQuestions is false (a negative test of the server's check)."
        ),
        .optional("accept", .bool, "TermsAndConditionsCallback / ConsentMappingCallback: accept (true) or decline."),
        .optional(
            "validateOnly", .bool, default: "false", "Attribute and Validated* callbacks: the validateOnly input."),
        .optional(
            "token", .defined("valueSpec"),
            "ReCaptcha, ReCaptchaEnterprise, IdP, AppIntegrity: the token (literal, variable, env or provider command)."
        ),
        .optional("tokenType", .strings(tokenTypes), "IdPCallback: the token's type."),
        .optional("action", .string(), default: "login", "ReCaptchaEnterpriseCallback: the action."),
        .optional(
            "timeout", .integer(NumberRanges.answerMilliseconds), default: "15000",
            "ReCaptchaEnterpriseCallback: the token provider's timeout in milliseconds."),
        .optional(
            "payload", .object,
            "ReCaptchaEnterpriseCallback: extra assessment fields, sent as the JSON text of the payload input."),
        .optional(
            "clientError", .defined("valueSpec"),
            "A client error code sent instead of an answer, as the SDKs' setClientError does."),
        .optional("signals", .defined("valueSpec"), "PingOneProtectEvaluationCallback: the signals string."),
        .optional(
            "profile", .anyOf([.object, .cases(of: DeviceProfileShape.self)]),
            "DeviceProfileCallback: the profile document, or browser / ios / android: the document that Ping SDK's collector sends (a default one is built when absent)."
        ),
        .optional(
            "deviceName", .defined("valueSpec"),
            "DeviceBindingCallback: the device name. WebAuthnRegistrationCallback: the name sent as the outcome's fourth field (and the new passkey's name when credential is not given)."
        ),
        .optional("deviceId", .defined("valueSpec"), "DeviceBindingCallback: the device id."),
        .optional(
            "key", .string(),
            "DeviceBinding / DeviceSigningVerifier: a PEM file with a P-256 private key (one is created per run when absent)."
        ),
        .optional(
            "inputs", .map(.defined("valueSpec")),
            "Inputs by full name (IDToken1token) or suffix (token), for custom callback types."),
        .optional("exit", .bool, "PollingWaitCallback: take the Exit option instead of waiting."),
        .optional("resume", .defined("valueSpec"), "SuspendedTextOutputCallback: the suspendedId to resume with."),
        .optional("echo", .bool, "Send the callback back exactly as received."),
        .optional(
            "keep", .bool, default: "false",
            "Inputs the other options do not set keep their pre-filled values (as received; a TextInputCallback's defaultText), as the SDKs send a field left alone."
        ),
        .optional(
            "input", .string(),
            "The input the main answer (value, choose...) goes into, by full name or suffix (default: the IDToken<N> input, else the first one)."
        ),
        .optional(
            "solve", .anyOf([.cases(of: SolveSpec.Scheme.self), .defined("solve")]),
            "Compute the answer: `pow` (the callback's own scheme and challenge), `altcha`, `hashcash`, `hexPrefix`, `clearPass` (proof of work), `arithmetic` (an 'A + B' CAPTCHA in the prompt); or a mapping with the challenge and limits."
        ),
    ]

    /// WebAuthn handlers' `algorithm`, `attestation` and `signCount` words.
    static let passkeyAlgorithms = ["ES256", "RS256", "EdDSA"]
    static let passkeyAttestations = ["none", "packed"]
    static let passkeySignCounts = ["increment", "zero"]

    /// The software authenticator's options of a WebAuthn handler (`PasskeyAnswerSpec`).
    static let passkeyOptions: [KeyDeclaration] = [
        .optional(
            "credential", .defined("valueSpec"),
            "WebAuthnRegistrationCallback: the name the new passkey gets. WebAuthnAuthenticationCallback: the passkey to sign with, by name or base64url credential id (default: the newest one the relying party allows, or a discoverable one)."
        ),
        .optional(
            "userHandle", .defined("valueSpec"),
            "WebAuthnAuthenticationCallback: the user handle sent (default: the passkey's, when it is discoverable); an empty string sends none."
        ),
        .optional(
            "userVerification", .bool,
            "WebAuthn handlers: set the UV flag (default: unless the relying party says discouraged)."),
        .optional("userPresence", .bool, default: "true", "WebAuthn handlers: set the UP flag."),
        .optional(
            "algorithm", .strings(passkeyAlgorithms),
            "WebAuthnRegistrationCallback: the key algorithm (default: the first of the relying party's pubKeyCredParams the authenticator has; ES256 when it lists none)."
        ),
        .optional(
            "attestation", .strings(passkeyAttestations), default: "none",
            "WebAuthnRegistrationCallback: the attestation format: none or packed self attestation."),
        .optional(
            "residentKey", .bool,
            "WebAuthnRegistrationCallback: make a discoverable passkey, for usernameless login (default: when the relying party prefers or requires one)."
        ),
        .optional(
            "backupEligible", .bool, default: "false", "WebAuthn handlers: the BE flag; kept with the passkey."),
        .optional("backupState", .bool, default: "false", "WebAuthn handlers: the BS flag; kept with the passkey."),
        .optional(
            "signCount", .anyOf([.strings(passkeySignCounts), .integer(NumberRanges.signCount)]),
            default: "increment",
            "WebAuthn handlers: the signature counter: increment (+1 per login), zero (as synced passkeys send), or an exact value."
        ),
        .optional(
            "origin", .defined("valueSpec"),
            "WebAuthn handlers: the origin in the client data (default: the server URL's scheme://host[:port])."),
        .optional(
            "rpId", .defined("valueSpec"),
            "WebAuthn handlers: the rp id whose SHA-256 the authenticator data carries (default: the relying party's, else the origin's host)."
        ),
        .optional(
            "aaguid",
            .string(
                StringRule(pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")),
            default: "all zeros", "WebAuthnRegistrationCallback: the authenticator's AAGUID."),
    ]

    static let match = MappingDeclaration(
        "a matcher",
        doc: "Criteria selecting callbacks; every one given must hold.",
        keys: [
            .optional("type", .defined("callbackType"), default: "any type", "The callback's `type`."),
            .optional("prompt", .defined("pattern"), "The `prompt` output (or `message` for output callbacks)."),
            .optional("output", .map(.defined("pattern")), "Any outputs by name, e.g. `{ recaptchaSiteKey: /^6L/ }`."),
            .optional("id", .integer(NumberRanges.callbackId), "The callback's `_id` (its position in a Page node)."),
            .optional("hiddenId", .defined("pattern"), "A HiddenValueCallback's `id` output, e.g. `webAuthnOutcome`."),
            .optional("stage", .defined("pattern"), "The step's `stage`."),
            .optional("step", .integer(NumberRanges.steps), "The round trip, counted from 1."),
            .optional(
                "occurrence", .integer(NumberRanges.occurrence),
                "The n-th callback of this type within its step."),
        ])
}

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

    /// The keys of a list-form handler besides its answer options, each named once.
    enum Handler: String, ScriptKeyName {
        case match
    }

    /// A list-form handler: `match:` and the answer options at the same level.
    static let handler = MappingDeclaration(
        "a handler",
        doc: "A handler of the list form: which callbacks it answers (match) and how.",
        keys: [
            .required(
                Handler.match, .defined("matcher"),
                "Which callbacks this handler answers: a callback type, or a mapping of criteria.")
        ] + answerOptions + passkeyOptions)

    /// The keys of a handler's answer options, each named once.
    enum AnswerOption: String, ScriptKeyName {
        case value, choose, question, answer, forceQuestion, accept, validateOnly, token, tokenType, action, timeout,
            payload, clientError, signals, profile, deviceName, deviceId, key, inputs, exit, resume, echo, keep, input,
            solve
    }

    static let answerOptions: [KeyDeclaration] = [
        .optional(
            AnswerOption.value, .defined("valueSpec"),
            "The value of the callback's one input (names, passwords, text, attributes, hidden values)."),
        .optional(
            AnswerOption.choose, .anyOf([.string(), .integer(NumberRanges.choiceIndex)]),
            "ChoiceCallback / ConfirmationCallback: an option label, or a 0-based index."),
        .optional(
            AnswerOption.question, .defined("valueSpec"),
            "KbaCreateCallback: the question (a predefined one, or your own when allowed)."),
        .optional(AnswerOption.answer, .defined("valueSpec"), "KbaCreateCallback: the answer."),
        .optional(
            AnswerOption.forceQuestion, .bool,
            "KbaCreateCallback: send the question even when allowUserDefinedQuestions is false (a negative test of the server's check)."
        ),
        .optional(
            AnswerOption.accept, .bool, "TermsAndConditionsCallback / ConsentMappingCallback: accept (true) or decline."
        ),
        .optional(
            AnswerOption.validateOnly, .bool, default: "false",
            "Attribute and Validated* callbacks: the validateOnly input."),
        .optional(
            AnswerOption.token, .defined("valueSpec"),
            "ReCaptcha, ReCaptchaEnterprise, IdP, AppIntegrity: the token (literal, variable, env or provider command)."
        ),
        .optional(AnswerOption.tokenType, .strings(tokenTypes), "IdPCallback: the token's type."),
        .optional(AnswerOption.action, .string(), default: "login", "ReCaptchaEnterpriseCallback: the action."),
        .optional(
            AnswerOption.timeout, .integer(NumberRanges.answerMilliseconds), default: "15000",
            "ReCaptchaEnterpriseCallback: the token provider's timeout in milliseconds."),
        .optional(
            AnswerOption.payload, .object,
            "ReCaptchaEnterpriseCallback: extra assessment fields, sent as the JSON text of the payload input."),
        .optional(
            AnswerOption.clientError, .defined("valueSpec"),
            "A client error code sent instead of an answer, as the SDKs' setClientError does."),
        .optional(AnswerOption.signals, .defined("valueSpec"), "PingOneProtectEvaluationCallback: the signals string."),
        .optional(
            AnswerOption.profile, .anyOf([.object, .cases(of: DeviceProfileShape.self)]),
            "DeviceProfileCallback: the profile document, or browser / ios / android: the document that Ping SDK's collector sends (a default one is built when absent)."
        ),
        .optional(
            AnswerOption.deviceName, .defined("valueSpec"),
            "DeviceBindingCallback: the device name. WebAuthnRegistrationCallback: the name sent as the outcome's fourth field (and the new passkey's name when credential is not given)."
        ),
        .optional(AnswerOption.deviceId, .defined("valueSpec"), "DeviceBindingCallback: the device id."),
        .optional(
            AnswerOption.key, .string(),
            "DeviceBinding / DeviceSigningVerifier: a PEM file with a P-256 private key (one is created per run when absent)."
        ),
        .optional(
            AnswerOption.inputs, .map(.defined("valueSpec")),
            "Inputs by full name (IDToken1token) or suffix (token), for custom callback types."),
        .optional(AnswerOption.exit, .bool, "PollingWaitCallback: take the Exit option instead of waiting."),
        .optional(
            AnswerOption.resume, .defined("valueSpec"), "SuspendedTextOutputCallback: the suspendedId to resume with."),
        .optional(AnswerOption.echo, .bool, "Send the callback back exactly as received."),
        .optional(
            AnswerOption.keep, .bool, default: "false",
            "Inputs the other options do not set keep their pre-filled values (as received; a TextInputCallback's defaultText), as the SDKs send a field left alone."
        ),
        .optional(
            AnswerOption.input, .string(),
            "The input the main answer (value, choose...) goes into, by full name or suffix (default: the IDToken<N> input, else the first one)."
        ),
        .optional(
            AnswerOption.solve, .anyOf([.cases(of: SolveSpec.Scheme.self), .defined("solve")]),
            "Compute the answer: `pow` (the callback's own scheme and challenge), `altcha`, `hashcash`, `hexPrefix`, `clearPass` (proof of work), `arithmetic` (an 'A + B' CAPTCHA in the prompt); or a mapping with the challenge and limits."
        ),
    ]

    /// WebAuthn handlers' `algorithm`, `attestation` and `signCount` words.
    static let passkeyAlgorithms = ["ES256", "RS256", "EdDSA"]
    static let passkeyAttestations = ["none", "packed"]
    static let passkeySignCounts = ["increment", "zero"]

    /// The keys of a WebAuthn handler's passkey options, each named once.
    enum PasskeyOption: String, ScriptKeyName {
        case credential, userHandle, userVerification, userPresence, algorithm, attestation, residentKey,
            backupEligible, backupState, signCount, origin, rpId, aaguid
    }

    /// The software authenticator's options of a WebAuthn handler (`PasskeyAnswerSpec`).
    static let passkeyOptions: [KeyDeclaration] = [
        .optional(
            PasskeyOption.credential, .defined("valueSpec"),
            "WebAuthnRegistrationCallback: the name the new passkey gets. WebAuthnAuthenticationCallback: the passkey to sign with, by name or base64url credential id (default: the newest one the relying party allows, or a discoverable one)."
        ),
        .optional(
            PasskeyOption.userHandle, .defined("valueSpec"),
            "WebAuthnAuthenticationCallback: the user handle sent (default: the passkey's, when it is discoverable); an empty string sends none."
        ),
        .optional(
            PasskeyOption.userVerification, .bool,
            "WebAuthn handlers: set the UV flag (default: unless the relying party says discouraged)."),
        .optional(PasskeyOption.userPresence, .bool, default: "true", "WebAuthn handlers: set the UP flag."),
        .optional(
            PasskeyOption.algorithm, .strings(passkeyAlgorithms),
            "WebAuthnRegistrationCallback: the key algorithm (default: the first of the relying party's pubKeyCredParams the authenticator has; ES256 when it lists none)."
        ),
        .optional(
            PasskeyOption.attestation, .strings(passkeyAttestations), default: "none",
            "WebAuthnRegistrationCallback: the attestation format: none or packed self attestation."),
        .optional(
            PasskeyOption.residentKey, .bool,
            "WebAuthnRegistrationCallback: make a discoverable passkey, for usernameless login (default: when the relying party prefers or requires one)."
        ),
        .optional(
            PasskeyOption.backupEligible, .bool, default: "false",
            "WebAuthn handlers: the BE flag; kept with the passkey."),
        .optional(
            PasskeyOption.backupState, .bool, default: "false", "WebAuthn handlers: the BS flag; kept with the passkey."
        ),
        .optional(
            PasskeyOption.signCount, .anyOf([.strings(passkeySignCounts), .integer(NumberRanges.signCount)]),
            default: "increment",
            "WebAuthn handlers: the signature counter: increment (+1 per login), zero (as synced passkeys send), or an exact value."
        ),
        .optional(
            PasskeyOption.origin, .defined("valueSpec"),
            "WebAuthn handlers: the origin in the client data (default: the server URL's scheme://host[:port])."),
        .optional(
            PasskeyOption.rpId, .defined("valueSpec"),
            "WebAuthn handlers: the rp id whose SHA-256 the authenticator data carries (default: the relying party's, else the origin's host)."
        ),
        .optional(
            PasskeyOption.aaguid,
            .string(
                StringRule(pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")),
            default: "all zeros", "WebAuthnRegistrationCallback: the authenticator's AAGUID."),
    ]

    /// The keys of `match:`, each named once.
    enum Match: String, ScriptKeyName {
        case type, prompt, output, id, hiddenId, stage, step, occurrence
    }

    static let match = MappingDeclaration(
        "a matcher",
        doc: "Criteria selecting callbacks; every one given must hold.",
        keys: [
            .optional(Match.type, .defined("callbackType"), default: "any type", "The callback's `type`."),
            .optional(Match.prompt, .defined("pattern"), "The `prompt` output (or `message` for output callbacks)."),
            .optional(
                Match.output, .map(.defined("pattern")), "Any outputs by name, e.g. `{ recaptchaSiteKey: /^6L/ }`."),
            .optional(
                Match.id, .integer(NumberRanges.callbackId), "The callback's `_id` (its position in a Page node)."),
            .optional(
                Match.hiddenId, .defined("pattern"), "A HiddenValueCallback's `id` output, e.g. `webAuthnOutcome`."),
            .optional(Match.stage, .defined("pattern"), "The step's `stage`."),
            .optional(Match.step, .integer(NumberRanges.steps), "The round trip, counted from 1."),
            .optional(
                Match.occurrence, .integer(NumberRanges.occurrence),
                "The n-th callback of this type within its step."),
        ])
}

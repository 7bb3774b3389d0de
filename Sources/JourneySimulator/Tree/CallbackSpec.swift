import JourneyCore

/// One callback declared on a page: its type, outputs (defaults filled in), inputs and where its answer goes.
struct CallbackSpec: Sendable {
    var type: String
    /// Outputs in AM's order, with the values to send.
    var outputs: [NameValue]
    /// Input suffixes (`""`, `validateOnly`, `token`...) and their pre-filled values.
    var inputs: [(suffix: String, value: JSONValue)]
    /// State name the answer is stored under.
    var store: String?
    /// Policies checked on submit (ValidatedCreate* and attribute callbacks).
    var policies: [PolicyRule]
    /// For attribute callbacks, the attribute name; for ValidatedCreateUsername, "userName".
    var attributeName: String?

    var hasInputs: Bool { !inputs.isEmpty }
    /// True when the callback shows `failedPolicies` and is re-prompted on policy failures.
    var isValidated: Bool { outputs.contains { $0.name == "failedPolicies" } }

    func output(_ name: String) -> JSONValue? {
        outputs.first(where: { $0.name == name })?.value
    }
}

/// The known callback types: their outputs (tree key = output name) with defaults, and their inputs.
enum CallbackCatalogue {
    struct Entry: Sendable {
        var outputs: [(name: String, value: JSONValue)]
        var inputs: [(suffix: String, value: JSONValue)]
        /// Accepts `policies:` as a requirement mapping and shows failedPolicies.
        var validated = false
    }

    static let validatedInputs: [(suffix: String, value: JSONValue)] = [("", ""), ("validateOnly", false)]

    static let entries: [String: Entry] = [
        "NameCallback": Entry(outputs: [("prompt", "User Name")], inputs: [("", "")]),
        "PasswordCallback": Entry(outputs: [("prompt", "Password")], inputs: [("", "")]),
        "TextInputCallback": Entry(outputs: [("prompt", ""), ("defaultText", "")], inputs: [("", "")]),
        "ChoiceCallback": Entry(
            outputs: [("prompt", ""), ("choices", []), ("defaultChoice", 0)], inputs: [("", 0)]),
        "ConfirmationCallback": Entry(
            outputs: [("prompt", ""), ("messageType", 0), ("options", []), ("optionType", -1), ("defaultOption", 0)],
            inputs: [("", 100)]),
        "TextOutputCallback": Entry(outputs: [("message", ""), ("messageType", "0")], inputs: []),
        "SuspendedTextOutputCallback": Entry(outputs: [("message", ""), ("messageType", "0")], inputs: []),
        "HiddenValueCallback": Entry(outputs: [("value", ""), ("id", "")], inputs: [("", "")]),
        "MetadataCallback": Entry(outputs: [("data", [:])], inputs: []),
        "PollingWaitCallback": Entry(outputs: [("waitTime", "5000"), ("message", "")], inputs: []),
        "RedirectCallback": Entry(
            outputs: [
                ("redirectUrl", ""), ("redirectMethod", "GET"), ("trackingCookie", false), ("redirectData", [:]),
            ], inputs: []),
        "BooleanAttributeInputCallback": Entry(
            outputs: attributeOutputs(value: false), inputs: [("", false), ("validateOnly", false)], validated: true),
        "StringAttributeInputCallback": Entry(
            outputs: attributeOutputs(value: ""), inputs: validatedInputs, validated: true),
        "NumberAttributeInputCallback": Entry(
            outputs: attributeOutputs(value: nil), inputs: [("", nil), ("validateOnly", false)], validated: true),
        "ValidatedCreateUsernameCallback": Entry(
            outputs: [("policies", [:]), ("failedPolicies", []), ("validateOnly", false), ("prompt", "Username")],
            inputs: validatedInputs, validated: true),
        "ValidatedCreatePasswordCallback": Entry(
            outputs: [
                ("echoOn", false), ("policies", [:]), ("failedPolicies", []), ("validateOnly", false),
                ("prompt", "Password"),
            ], inputs: validatedInputs, validated: true),
        "KbaCreateCallback": Entry(
            outputs: [
                ("prompt", "Select a security question"), ("predefinedQuestions", []),
                ("allowUserDefinedQuestions", true),
            ],
            inputs: [("question", ""), ("answer", "")]),
        "TermsAndConditionsCallback": Entry(
            outputs: [("version", "1.0"), ("terms", ""), ("createDate", "2019-07-11T22:23:55.737Z")],
            inputs: [("", false)]),
        "ConsentMappingCallback": Entry(
            outputs: [
                ("name", ""), ("displayName", ""), ("icon", ""), ("accessLevel", ""), ("isRequired", false),
                ("message", ""), ("fields", []),
            ], inputs: [("", false)]),
        "DeviceProfileCallback": Entry(
            outputs: [("metadata", true), ("location", false), ("message", "")], inputs: [("", "")]),
        "ReCaptchaCallback": Entry(outputs: [("recaptchaSiteKey", "")], inputs: [("", "")]),
        "ReCaptchaEnterpriseCallback": Entry(
            outputs: [
                ("recaptchaSiteKey", ""), ("captchaApiUri", "https://www.google.com/recaptcha/enterprise.js"),
                ("captchaDivClass", "g-recaptcha"),
            ], inputs: [("token", ""), ("action", ""), ("clientError", ""), ("payload", "")]),
        "SelectIdPCallback": Entry(outputs: [("providers", []), ("value", "")], inputs: [("", "")]),
        "IdPCallback": Entry(
            outputs: [
                ("provider", ""), ("clientId", ""), ("redirectUri", ""), ("scopes", []), ("nonce", ""),
                ("acrValues", []), ("request", ""), ("requestUri", ""),
            ], inputs: [("token", ""), ("token_type", "")]),
        "PingOneProtectInitializeCallback": Entry(
            outputs: [
                ("envId", ""), ("consoleLogEnabled", false), ("deviceAttributesToIgnore", []), ("customHost", ""),
                ("lazyMetadata", false), ("behavioralDataCollection", true), ("deviceKeyRsyncIntervals", 14),
                ("enableTrust", false), ("disableTags", false), ("disableHub", false),
            ], inputs: [("clientError", "")]),
        "PingOneProtectEvaluationCallback": Entry(
            outputs: [("pauseBehavioralData", true)], inputs: [("signals", ""), ("clientError", "")]),
        "DeviceBindingCallback": Entry(
            outputs: [
                ("userId", ""), ("username", ""), ("authenticationType", "NONE"), ("challenge", ""),
                ("title", "Authentication required"), ("subtitle", "Cryptography device binding"),
                ("description", "Please complete with biometric to proceed"), ("timeout", 60), ("attestation", false),
            ], inputs: [("jws", ""), ("deviceName", ""), ("deviceId", ""), ("clientError", "")]),
        "DeviceSigningVerifierCallback": Entry(
            outputs: [
                ("userId", ""), ("challenge", ""), ("title", "Authentication required"),
                ("subtitle", "Cryptography device binding"),
                ("description", "Please complete with biometric to proceed"), ("timeout", 60),
            ], inputs: [("jws", ""), ("clientError", "")]),
    ]

    static var typeNames: [String] { entries.keys.sorted() }

    /// Types whose callbacks carry no input and may be left out of a continue body.
    static func isOutputOnly(_ type: String) -> Bool {
        entries[type].map { $0.inputs.isEmpty } ?? false
    }

    private static func attributeOutputs(value: JSONValue) -> [(name: String, value: JSONValue)] {
        [
            ("name", ""), ("prompt", ""), ("required", true), ("policies", [:]), ("failedPolicies", []),
            ("validateOnly", false), ("value", value),
        ]
    }
}

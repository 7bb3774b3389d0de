/// The one description of every callback type (`CallbackType`): the runner adds answerers and
/// handler options to it, the simulator renders pages from it, the importer and the schemas
/// follow it. Outputs and inputs are listed with the values the simulator sends by default.
package enum CallbackRegistry {
    /// The definition of `type`.
    package static func definition(of type: CallbackType) -> CallbackDefinition {
        table[type] ?? describe(type)
    }

    /// The definition of the type named `wireName`, or `nil` for a custom type. One lookup: the runner asks per input.
    package static func definition(wireName: String) -> CallbackDefinition? { byWireName[wireName] }

    /// Every definition, in `CallbackType.allCases` order.
    package static var definitions: [CallbackDefinition] { CallbackType.allCases.map(definition(of:)) }

    /// The wire names of the types PingAM sends, in the schema's order.
    package static var amTypeNames: [String] { names(.am) }
    /// The names handlers use for features recognised inside generic callbacks.
    package static var derivedTypeNames: [String] { names(.derived) }
    /// This product's own types.
    package static var productTypeNames: [String] { names(.product) }

    private static func names(_ origin: CallbackDefinition.Origin) -> [String] {
        definitions.filter { $0.origin == origin }.map(\.type.wireName)
    }

    private static let byWireName: [String: CallbackDefinition] = Dictionary(
        uniqueKeysWithValues: CallbackType.allCases.map { ($0.wireName, describe($0)) })

    private static let table: [CallbackType: CallbackDefinition] = Dictionary(
        uniqueKeysWithValues: byWireName.values.map { ($0.type, $0) })

    private typealias Output = CallbackDefinition.Output
    private typealias Input = CallbackDefinition.Input

    private static func out(_ name: String, _ value: JSONValue) -> Output { Output(name: name, defaultValue: value) }

    private static func input(
        _ suffix: String, _ value: JSONValue, secret: String? = nil, from output: String? = nil
    ) -> Input {
        Input(suffix: suffix, defaultValue: value, secretName: secret, prefilledFrom: output)
    }

    private static func am(
        _ type: CallbackType, _ outputs: [Output], _ inputs: [Input], validated: Bool = false,
        choices: String? = nil
    ) -> CallbackDefinition {
        CallbackDefinition(
            type: type, origin: .am, outputs: outputs, inputs: inputs, isValidated: validated, isSimulated: true,
            choicesOutput: choices)
    }

    private static func attributeOutputs(value: JSONValue) -> [Output] {
        [
            out("name", ""), out("prompt", ""), out("required", true), out("policies", [:]),
            out("failedPolicies", []), out("validateOnly", false), out("value", value),
        ]
    }

    private static let validatedInputs = [input("", ""), input("validateOnly", false)]

    private static let deviceTexts = [
        out("title", "Authentication required"), out("subtitle", "Cryptography device binding"),
        out("description", "Please complete with biometric to proceed"), out("timeout", 60),
    ]

    // One case per type, so a new `CallbackType` does not compile until it is described.
    private static func describe(_ type: CallbackType) -> CallbackDefinition {
        switch type {
        case .name:
            return am(type, [out("prompt", "User Name")], [input("", "")])
        case .password:
            return am(type, [out("prompt", "Password")], [input("", "", secret: "password")])
        case .textInput:
            return am(type, [out("prompt", ""), out("defaultText", "")], [input("", "")])
        case .choice:
            return am(
                type, [out("prompt", ""), out("choices", []), out("defaultChoice", 0)],
                [input("", 0, from: "defaultChoice")], choices: "choices")
        case .confirmation:
            return am(
                type,
                [
                    out("prompt", ""), out("messageType", 0), out("options", []), out("optionType", -1),
                    out("defaultOption", 0),
                ], [input("", 100)], choices: "options")
        case .booleanAttributeInput:
            return am(
                type, attributeOutputs(value: false), [input("", false, from: "value"), input("validateOnly", false)],
                validated: true)
        case .stringAttributeInput:
            return am(
                type, attributeOutputs(value: ""), [input("", "", from: "value"), input("validateOnly", false)],
                validated: true)
        case .numberAttributeInput:
            return am(
                type, attributeOutputs(value: nil), [input("", nil, from: "value"), input("validateOnly", false)],
                validated: true)
        case .validatedCreateUsername:
            return am(
                type,
                [
                    out("policies", [:]), out("failedPolicies", []), out("validateOnly", false),
                    out("prompt", "Username"),
                ],
                validatedInputs, validated: true)
        case .validatedCreatePassword:
            return am(
                type,
                [
                    out("echoOn", false), out("policies", [:]), out("failedPolicies", []), out("validateOnly", false),
                    out("prompt", "Password"),
                ], [input("", "", secret: "password"), input("validateOnly", false)], validated: true)
        case .kbaCreate:
            return am(
                type,
                [
                    out("prompt", "Select a security question"), out("predefinedQuestions", []),
                    out("allowUserDefinedQuestions", true),
                ], [input("question", ""), input("answer", "", secret: "kba-answer")])
        case .termsAndConditions:
            return am(
                type, [out("version", "1.0"), out("terms", ""), out("createDate", "2019-07-11T22:23:55.737Z")],
                [input("", false)])
        case .consentMapping:
            return am(
                type,
                [
                    out("name", ""), out("displayName", ""), out("icon", ""), out("accessLevel", ""),
                    out("isRequired", false), out("message", ""), out("fields", []),
                ], [input("", false)])
        case .hiddenValue:
            return am(type, [out("value", ""), out("id", "")], [input("", "", from: "id")])
        case .textOutput, .suspendedTextOutput:
            return am(type, [out("message", ""), out("messageType", "0")], [])
        case .metadata:
            return am(type, [out("data", [:])], [])
        case .pollingWait:
            return am(type, [out("waitTime", "5000"), out("message", "")], [])
        case .redirect:
            return am(
                type,
                [
                    out("redirectUrl", ""), out("redirectMethod", "GET"), out("trackingCookie", false),
                    out("redirectData", [:]),
                ], [])
        case .deviceProfile:
            return am(type, [out("metadata", true), out("location", false), out("message", "")], [input("", "")])
        case .reCaptcha:
            return am(type, [out("recaptchaSiteKey", "")], [input("", "", secret: "recaptcha-token")])
        case .reCaptchaEnterprise:
            return am(
                type,
                [
                    out("recaptchaSiteKey", ""), out("captchaApiUri", "https://www.google.com/recaptcha/enterprise.js"),
                    out("captchaDivClass", "g-recaptcha"),
                ],
                [
                    input("token", "", secret: "recaptcha-token"), input("action", ""), input("clientError", ""),
                    input("payload", ""),
                ])
        case .selectIdP:
            return am(type, [out("providers", []), out("value", "")], [input("", "")])
        case .idP:
            return am(
                type,
                [
                    out("provider", ""), out("clientId", ""), out("redirectUri", ""), out("scopes", []),
                    out("nonce", ""), out("acrValues", []), out("request", ""), out("requestUri", ""),
                ], [input("token", "", secret: "idp-token"), input("token_type", "")])
        case .pingOneProtectInitialize:
            return am(
                type,
                [
                    out("envId", ""), out("consoleLogEnabled", false), out("deviceAttributesToIgnore", []),
                    out("customHost", ""), out("lazyMetadata", false), out("behavioralDataCollection", true),
                    out("deviceKeyRsyncIntervals", 14), out("enableTrust", false), out("disableTags", false),
                    out("disableHub", false),
                ], [input("clientError", "")])
        case .pingOneProtectEvaluation:
            return am(type, [out("pauseBehavioralData", true)], [input("signals", ""), input("clientError", "")])
        case .deviceBinding:
            return am(
                type,
                [
                    out("userId", ""), out("username", ""), out("authenticationType", "NONE"), out("challenge", ""),
                ] + deviceTexts + [out("attestation", false)],
                [
                    input("jws", "", secret: "jws"), input("deviceName", ""), input("deviceId", ""),
                    input("clientError", ""),
                ])
        case .deviceSigningVerifier:
            return am(
                type, [out("userId", ""), out("challenge", "")] + deviceTexts,
                [input("jws", "", secret: "jws"), input("clientError", "")])
        case .appIntegrity:
            // Outputs differ between Android (Play Integrity) and iOS (App Attest); the simulator does not render it.
            return CallbackDefinition(
                type: type, origin: .am,
                inputs: [
                    input("token", "", secret: "app-integrity-token"),
                    input("attestToken", "", secret: "app-integrity-token"), input("clientData", ""),
                    input("keyId", ""),
                    input("clientError", ""),
                ], isSimulated: false)
        case .webAuthnRegistration, .webAuthnAuthentication:
            return CallbackDefinition(type: type, origin: .derived, isSimulated: false)
        case .proofOfWork:
            return CallbackDefinition(type: type, origin: .product, isSimulated: false)
        }
    }
}

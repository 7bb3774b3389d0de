import JourneyCore
import JourneyFormat

/// The answer option keys (`AnswerSpec.allOptionKeys` names) a handler may set for each
/// registry type, besides `echo`, which every type accepts.
extension CallbackType {
    /// `nil` for the product's own types: they are answered like custom callbacks (`CallbackCatalogue.customTypeOptions`).
    var handlerOptions: Set<String>? {
        switch self {
        case .name, .password, .textInput: return HandlerOptions.text
        case .stringAttributeInput, .numberAttributeInput, .booleanAttributeInput, .validatedCreateUsername,
            .validatedCreatePassword:
            return HandlerOptions.attribute
        case .choice, .confirmation: return ["choose"]
        case .kbaCreate: return ["question", "answer", "forceQuestion"]
        case .termsAndConditions, .consentMapping: return ["accept", "value"]
        case .hiddenValue: return ["value", "solve"]
        // WebAuthn scripts arrive as TextOutputCallback (messageType 4); Protect and WebAuthn as MetadataCallback.
        case .textOutput: return ["clientError", "value"]
        case .metadata: return ["clientError", "signals", "value"]
        case .suspendedTextOutput: return ["resume"]
        case .pollingWait: return ["exit"]
        case .redirect: return []
        case .deviceProfile: return ["profile", "value"]
        case .reCaptcha: return ["token"]
        case .reCaptchaEnterprise: return ["token", "action", "timeout", "payload", "clientError"]
        case .selectIdP: return ["value"]
        case .idP: return ["token", "tokenType", "clientError"]
        case .pingOneProtectInitialize: return ["clientError"]
        case .pingOneProtectEvaluation: return ["signals", "clientError"]
        case .deviceBinding: return ["clientError", "deviceName", "deviceId", "key"]
        case .deviceSigningVerifier: return ["clientError", "key"]
        case .appIntegrity: return ["clientError", "inputs"]
        case .webAuthnRegistration:
            return HandlerOptions.webAuthn.union(["deviceName"]).subtracting(PasskeyAnswerSpec.authenticationOnly)
        case .webAuthnAuthentication: return HandlerOptions.webAuthn.subtracting(PasskeyAnswerSpec.registrationOnly)
        case .proofOfWork: return nil
        }
    }
}

private enum HandlerOptions {
    static let text: Set<String> = ["value", "solve"]
    static let attribute: Set<String> = ["value", "validateOnly"]
    static let webAuthn = Set(["clientError", "value"] + PasskeyAnswerSpec.keys)
}

import JourneyCore

/// A feature the SDKs recognise inside a generic callback (am-protocol.md §6): PingOne Protect
/// and WebAuthn delivered as a MetadataCallback, or WebAuthn as a TextOutputCallback script.
/// Its answer goes into the step's paired HiddenValueCallbacks.
enum SpecialForm: Sendable, Hashable {
    case protectInitialize
    case protectEvaluation
    case webAuthnRegistration
    case webAuthnAuthentication

    /// Recognises the special form of `callback`, or `nil` for an ordinary callback.
    init?(_ callback: AMCallback) {
        switch callback.type {
        case "MetadataCallback":
            guard let data = callback.output("data"), let form = Self(metadata: data) else { return nil }
            self = form
        case "TextOutputCallback":
            guard callback.output("messageType")?.displayText == "4",
                let script = callback.output("message")?.stringValue,
                script.contains("webAuthnOutcome")
            else { return nil }
            self = script.contains("pubKeyCredParams") ? .webAuthnRegistration : .webAuthnAuthentication
        default:
            return nil
        }
    }

    private init?(metadata data: JSONValue) {
        let type = data["_type"]?.stringValue
        let action = data["_action"]?.stringValue
        if type == "PingOneProtect" {
            switch action {
            case "protect_initialize": self = .protectInitialize
            case "protect_risk_evaluation": self = .protectEvaluation
            default: return nil
            }
            return
        }
        let isWebAuthn = type == "WebAuthn" || data["relyingPartyId"] != nil
        guard isWebAuthn else { return nil }
        if action == "webauthn_registration" || (action == nil && data["pubKeyCredParams"] != nil) {
            self = .webAuthnRegistration
        } else if action == "webauthn_authentication" || action == nil {
            self = .webAuthnAuthentication
        } else {
            return nil
        }
    }

    /// The callback type a handler may name to answer this form.
    var typeName: String {
        switch self {
        case .protectInitialize: return "PingOneProtectInitializeCallback"
        case .protectEvaluation: return "PingOneProtectEvaluationCallback"
        case .webAuthnRegistration: return "WebAuthnRegistrationCallback"
        case .webAuthnAuthentication: return "WebAuthnAuthenticationCallback"
        }
    }

    /// A short description for traces and messages, e.g. `WebAuthn registration`.
    var summary: String {
        switch self {
        case .protectInitialize: return "PingOne Protect initialize"
        case .protectEvaluation: return "PingOne Protect risk evaluation"
        case .webAuthnRegistration: return "WebAuthn registration"
        case .webAuthnAuthentication: return "WebAuthn authentication"
        }
    }

    /// The HiddenValueCallback `id`s (matched by containment, as the SDKs do) that carry this form's answers.
    var pairedHiddenIds: [String] {
        switch self {
        case .protectInitialize: return [HiddenId.clientError]
        case .protectEvaluation: return [HiddenId.protectSignals, HiddenId.clientError]
        case .webAuthnRegistration, .webAuthnAuthentication: return [HiddenId.webAuthnOutcome]
        }
    }

    var isWebAuthn: Bool { self == .webAuthnRegistration || self == .webAuthnAuthentication }
}

/// HiddenValueCallback ids that special forms write into.
enum HiddenId {
    static let clientError = "clientError"
    static let protectSignals = "pingone_risk_evaluation_signals"
    static let webAuthnOutcome = "webAuthnOutcome"
}

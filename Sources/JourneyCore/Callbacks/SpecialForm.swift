/// A feature the SDKs recognise inside a generic callback (am-protocol.md §6): PingOne Protect
/// and WebAuthn delivered as a MetadataCallback, or WebAuthn as a TextOutputCallback script.
/// Its answer goes into the step's paired HiddenValueCallbacks. These are the registry's derived
/// types: each form is answered by handlers naming `handlerType`.
package enum SpecialForm: Sendable, Hashable, CaseIterable {
    case protectInitialize
    case protectEvaluation
    case webAuthnRegistration
    case webAuthnAuthentication

    /// Recognises the special form of `callback`, or `nil` for an ordinary callback.
    package init?(_ callback: AMCallback) {
        if callback.hasType(.metadata) {
            guard let data = callback.output("data"), let form = Self(metadata: data) else { return nil }
            self = form
        } else if callback.hasType(.textOutput) {
            guard callback.output("messageType")?.displayText == "4",
                let script = callback.output("message")?.stringValue,
                script.contains(HiddenId.webAuthnOutcome)
            else { return nil }
            self = script.contains("pubKeyCredParams") ? .webAuthnRegistration : .webAuthnAuthentication
        } else {
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
    package var handlerType: CallbackType {
        switch self {
        case .protectInitialize: return .pingOneProtectInitialize
        case .protectEvaluation: return .pingOneProtectEvaluation
        case .webAuthnRegistration: return .webAuthnRegistration
        case .webAuthnAuthentication: return .webAuthnAuthentication
        }
    }

    /// The name of `handlerType`.
    package var typeName: String { handlerType.wireName }

    /// The wire types this form is recognised in.
    package var carriers: [CallbackType] {
        isWebAuthn ? [.metadata, .textOutput] : [.metadata]
    }

    /// A short description for traces and messages, e.g. `WebAuthn registration`.
    package var summary: String {
        switch self {
        case .protectInitialize: return "PingOne Protect initialize"
        case .protectEvaluation: return "PingOne Protect risk evaluation"
        case .webAuthnRegistration: return "WebAuthn registration"
        case .webAuthnAuthentication: return "WebAuthn authentication"
        }
    }

    /// The HiddenValueCallback `id`s (matched by containment, as the SDKs do) that carry this form's answers.
    package var pairedHiddenIds: [String] {
        switch self {
        case .protectInitialize: return [HiddenId.clientError]
        case .protectEvaluation: return [HiddenId.protectSignals, HiddenId.clientError]
        case .webAuthnRegistration, .webAuthnAuthentication: return [HiddenId.webAuthnOutcome]
        }
    }

    package var isWebAuthn: Bool { self == .webAuthnRegistration || self == .webAuthnAuthentication }
}

/// HiddenValueCallback ids that special forms write into.
package enum HiddenId {
    package static let clientError = "clientError"
    package static let protectSignals = "pingone_risk_evaluation_signals"
    package static let webAuthnOutcome = "webAuthnOutcome"
}

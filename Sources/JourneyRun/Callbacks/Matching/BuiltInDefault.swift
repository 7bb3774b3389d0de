import JourneyCore

/// How a callback is answered when no handler matches it. A callback without a built-in
/// default needs a handler; without one it is reported as unhandled.
enum BuiltInDefault: Sendable, Hashable {
    /// Output-only callbacks (and any callback without inputs): echoed untouched, inputs too when
    /// an output-only type carries some, as ping-ios's TextOutputCallback posts its JSON as received
    /// (Journey/Journey/Callbacks/TextOutputCallback.swift, `payload()`).
    case echo
    /// HiddenValueCallback: its pre-filled input is echoed.
    case echoHiddenValue
    /// The ConfirmationCallback beside a PollingWaitCallback: 100, "nothing chosen", keep waiting.
    case keepPolling
    /// PingOne Protect initialize: echoed, as the SDK leaves it after a successful start.
    case protectStarted
    /// A ConfirmationCallback beside a WebAuthn form (AM's "Use Recovery Code"): echoed with its
    /// pre-filled value, as the SDKs submit the passkey's outcome and leave the other option be.
    case webAuthnAlternative

    /// The default for the callback at `index`, or `nil` when it needs a handler.
    init?(callbackAt index: Int, in layout: StepLayout) {
        let callback = layout.step.callbacks[index]
        if let form = layout.forms[index] {
            guard form == .protectInitialize else { return nil }
            self = .protectStarted
        } else if index == layout.pollingConfirmationIndex {
            self = .keepPolling
        } else if callback.hasType(.hiddenValue) {
            self = .echoHiddenValue
        } else if callback.hasType(.confirmation),
            layout.forms.contains(where: { $0 == .webAuthnAuthentication || $0 == .webAuthnRegistration })
        {
            self = .webAuthnAlternative
        } else if !callback.hasInputs || CallbackRegistry.definition(wireName: callback.type)?.isOutputOnly == true {
            self = .echo
        } else if callback.hasType(.pingOneProtectInitialize) {
            self = .protectStarted
        } else {
            return nil
        }
    }

    /// The attribution shown in the trace.
    var label: String {
        switch self {
        case .echo: return "built-in: echo"
        case .echoHiddenValue: return "built-in: echo hidden value"
        case .keepPolling: return "built-in: keep polling (100, nothing chosen)"
        case .protectStarted: return "built-in: echo (PingOne Protect started)"
        case .webAuthnAlternative: return "built-in: echo (the WebAuthn step's other option not chosen)"
        }
    }
}

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
    /// WebAuthn metadata no handler answers, with a Ping profile: the app registered no Fido module,
    /// so the SDK's MetadataCallback stays itself and posts its JSON as received (ping-ios
    /// Journey/Journey/Callbacks/MetadataCallback.swift `initialize(with:)`, ping-android
    /// journey/src/main/kotlin/com/pingidentity/journey/callback/MetadataCallback.kt `init`: no
    /// `Fido2*Callback` in the registry, `return self`). AM's node then decides.
    case webAuthnWithoutFido

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

    /// The default for a special form at `index` that no handler (nor its HiddenValueCallback's)
    /// answers, or `nil` when it stays unanswered: only WebAuthn metadata under a Ping profile.
    init?(formWithoutHandlerAt index: Int, in layout: StepLayout, sdk: SDKProfile?) {
        guard sdk?.isPingSDK == true, layout.step.callbacks[index].hasType(.metadata),
            layout.forms[index] == .webAuthnRegistration || layout.forms[index] == .webAuthnAuthentication
        else { return nil }
        self = .webAuthnWithoutFido
    }

    /// The attribution shown in the trace.
    var label: String {
        switch self {
        case .echo: return "built-in: echo"
        case .echoHiddenValue: return "built-in: echo hidden value"
        case .keepPolling: return "built-in: keep polling (100, nothing chosen)"
        case .protectStarted: return "built-in: echo (PingOne Protect started)"
        case .webAuthnAlternative: return "built-in: echo (the WebAuthn step's other option not chosen)"
        case .webAuthnWithoutFido: return "built-in: echo (no WebAuthn handler: the SDK has no Fido module)"
        }
    }
}

/// What a ReCaptchaEnterpriseCallback posts beside the client error when the reCAPTCHA client
/// fails: the SDKs differ, so a run's environment says which (a client profile chooses another).
package struct ReCaptchaClientErrorRule: Sendable, Hashable {
    /// The payload input's value then.
    package enum Payload: Sendable, Hashable {
        /// The handler's payload, set before the client runs (ping-ios `verify()`).
        case configured
        /// Empty text.
        case empty
    }

    package var payload: Payload
    /// Whether the action (the handler's, else `login`) is set then too.
    package var setsAction: Bool

    package init(payload: Payload, setsAction: Bool) {
        self.payload = payload
        self.setsAction = setsAction
    }

    /// ping-ios's `verify()`: the payload set first stays, the action is set only with a token
    /// (ReCaptchaEnterprise/ReCaptchaEnterprise/ReCaptchaEnterpriseCallback.swift).
    package static let pingIOS = ReCaptchaClientErrorRule(payload: .configured, setsAction: false)
}

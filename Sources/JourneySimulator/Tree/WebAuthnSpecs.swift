import JourneyCore

/// How a WebAuthn node hands its options to the client (am-protocol.md §6).
enum WebAuthnForm: String, Sendable, CaseIterable {
    /// AM 7.1+: a MetadataCallback `data: {_type: WebAuthn, _action: webauthn_registration | webauthn_authentication, …}`.
    case metadata
    /// AM 6.5 / 7.0 "return challenge as JavaScript": a TextOutputCallback (messageType 4) script.
    case script
}

/// WebAuthn's user verification requirement.
enum WebAuthnUserVerification: String, Sendable, CaseIterable {
    case required, preferred, discouraged
}

/// What a registration node asks of attestation: `none` (no statement needed) or `direct`.
enum WebAuthnAttestation: String, Sendable, CaseIterable {
    case none, direct
}

/// Whether a registration asks for a discoverable (resident) credential.
enum WebAuthnResidentKey: String, Sendable, CaseIterable {
    case discouraged, preferred, required
}

/// The relying party a WebAuthn node speaks for.
struct WebAuthnRelyingParty: Sendable {
    /// The rp id; nil: the host the request was sent to (AM: the domain of the AM instance).
    var id: String?
    var name: String
    /// Origins accepted in clientDataJSON; empty: the origin the request was sent to.
    var origins: [String]
}

/// Options both WebAuthn nodes share.
struct WebAuthnCommonSpec: Sendable {
    var text: PageText
    var form: WebAuthnForm
    /// Metadata form: offer `supportsJsonResponse` (the outcome may come as a JSON wrapper).
    var supportsJsonResponse: Bool
    var relyingParty: WebAuthnRelyingParty
    var userVerification: WebAuthnUserVerification
    /// Milliseconds the client is given (`timeout`).
    var timeout: Int
    /// State path of the username.
    var username: String
}

/// `webAuthnRegistration`: AM's WebAuthn Registration node. Sends the creation options; verifies
/// the attestation as a relying party does (WebAuthn Level 2 §7.1) and saves the device for the user.
/// Outcomes `success`, `failure`, `unsupported`, `error` (a client DOMException), `exceedsDeviceLimit`.
struct WebAuthnRegistrationSpec: Sendable {
    /// The COSE algorithms a registration may offer: ES256 (-7), EdDSA (-8), RS256 (-257).
    static let supportedAlgorithms = COSEAlgorithm.allCases.map { Int($0.rawValue) }

    var common: WebAuthnCommonSpec
    var attestation: WebAuthnAttestation
    var residentKey: WebAuthnResidentKey
    /// `platform` or `cross-platform`; nil asks for neither.
    var authenticatorAttachment: String?
    /// COSE algorithms offered, in order (default ES256, RS256).
    var algorithms: [Int]
    /// Keep the device name the client sends (`::deviceName`); otherwise every device is named `defaultDeviceName`.
    var acceptDeviceName: Bool
    var defaultDeviceName: String
    /// Devices a user may hold; 0 = no limit.
    var maxDevices: Int
    /// State path of the display name (default: the username).
    var displayName: String?
}

/// `webAuthnAuthentication`: AM's WebAuthn Authentication node. Sends the request options;
/// verifies the assertion (WebAuthn Level 2 §7.2) against the user's devices. Outcomes `success`,
/// `failure`, `unsupported`, `error`, `noDevice`, and `recoveryCode` when `allowRecoveryCode`.
struct WebAuthnAuthenticationSpec: Sendable {
    var common: WebAuthnCommonSpec
    /// No username needed: `allowCredentials` is empty and the user is found from the user handle.
    var usernameless: Bool
    /// Adds AM's ConfirmationCallback "Use Recovery Code" and the `recoveryCode` outcome.
    var allowRecoveryCode: Bool
}

/// `recoveryCodeDisplay`: generates recovery codes for the device just registered (else the user's
/// newest; none without a device), kept with that device beside the other devices' codes and deleted
/// with it, and shows them as AM's Recovery Code Display node does (a TextOutputCallback script,
/// "Your Recovery Codes"); `next`.
struct RecoveryCodeDisplaySpec: Sendable {
    var text: PageText
    var username: String
    var count: Int
    var length: Int
}

/// `recoveryCodeCollector`: AM's Recovery Code Collector Decision node: a NameCallback; `true`
/// when the answer is one of the user's unused recovery codes (it is then used up), else `false`.
struct RecoveryCodeCollectorSpec: Sendable {
    var text: PageText
    var prompt: String
    var username: String
}

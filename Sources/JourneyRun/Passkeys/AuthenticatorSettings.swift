import JourneyCore

/// What a script asks of the software authenticator for one ceremony (the handler's options,
/// resolved). Unset options take the relying party's wishes or the defaults of a platform
/// passkey: UP set, UV when the relying party does not discourage it, ES256, `none` attestation.
struct AuthenticatorSettings: Sendable {
    /// Forces the algorithm; otherwise the first of the relying party's pubKeyCredParams that is supported.
    var algorithm: COSEAlgorithm?
    /// `none` (default) or `packed` (self attestation).
    var attestation: AttestationFormat = .none
    /// Forces a discoverable (resident) credential, or a non-discoverable one.
    var resident: Bool?
    var userPresent = true
    var userVerified: Bool?
    var backupEligible: Bool?
    var backupState: Bool?
    /// How the counter moves (`zero`, `increment`), or an exact value to send (and keep).
    var counter: CounterSetting?
    var aaguid: [UInt8]?
    /// The name the new credential gets, to pick it later (`credential:`).
    var name: String?

    enum AttestationFormat: String, Sendable, CaseIterable {
        case none
        case packed
    }

    enum CounterSetting: Sendable, Hashable {
        case mode(PasskeyCredential.CounterMode)
        case value(UInt32)
    }

    /// Whether to set UV: the script's choice, else unless the relying party discourages it.
    func userVerified(for request: WebAuthnRequest) -> Bool {
        userVerified ?? (request.userVerification != "discouraged")
    }
}

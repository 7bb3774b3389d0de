import JourneyCore

/// The software authenticator's options on a WebAuthn handler (`WebAuthnRegistrationCallback`,
/// `WebAuthnAuthenticationCallback`). Unset options take the relying party's wishes or a
/// platform passkey's defaults.
package struct PasskeyAnswerSpec: Sendable {
    /// Registration: the name the new credential gets. Authentication: the credential to sign
    /// with, by name or base64url id.
    package var credential: ValueSpec?
    /// Authentication: the user handle sent (default: the credential's, when it is discoverable); `""` sends none.
    package var userHandle: ValueSpec?
    /// The UV flag (default: set unless the relying party says `discouraged`).
    package var userVerification: Located<Bool>?
    /// The UP flag (default: set).
    package var userPresence: Located<Bool>?
    /// Registration: `ES256`, `RS256` or `EdDSA` (default: the first the relying party lists that the authenticator has).
    package var algorithm: Located<String>?
    /// Registration: `none` (default) or `packed` (self attestation).
    package var attestation: Located<String>?
    /// Registration: a discoverable credential (default: when the relying party prefers or requires one).
    package var residentKey: Located<Bool>?
    /// The BE flag (Level 3), kept with the credential.
    package var backupEligible: Located<Bool>?
    /// The BS flag (Level 3), kept with the credential.
    package var backupState: Located<Bool>?
    /// `increment` (default), `zero` (as synced passkeys send), or an exact counter value.
    package var signCount: Located<SignCountOption>?
    /// The origin in the client data (default: the server URL's scheme://host[:port]).
    package var origin: ValueSpec?
    /// The rp id whose hash the authenticator data carries (default: the relying party's).
    package var rpId: ValueSpec?
    /// Registration: the authenticator's AAGUID, a UUID (default: all zeros).
    package var aaguid: Located<String>?

    package init() {}

    /// `signCount:` — a mode or an exact value.
    package enum SignCountOption: Sendable, Hashable {
        case increment
        case zero
        case value(Int)
    }

    /// The keys of this spec that are set, with their values' locations.
    var setLocations: [(String, SourceLocation?)] {
        [
            ("credential", credential?.location), ("userHandle", userHandle?.location),
            ("userVerification", userVerification?.location), ("userPresence", userPresence?.location),
            ("algorithm", algorithm?.location), ("attestation", attestation?.location),
            ("residentKey", residentKey?.location), ("backupEligible", backupEligible?.location),
            ("backupState", backupState?.location), ("signCount", signCount?.location), ("origin", origin?.location),
            ("rpId", rpId?.location), ("aaguid", aaguid?.location),
        ]
    }

    /// Every key of the passkey options.
    package static let keys = ScriptKeys.passkeyOptions.map(\.name)

    /// The options that only make sense when registering.
    package static let registrationOnly: Set<String> = ["algorithm", "attestation", "residentKey", "aaguid"]
    /// The options that only make sense when authenticating.
    package static let authenticationOnly: Set<String> = ["userHandle"]
}

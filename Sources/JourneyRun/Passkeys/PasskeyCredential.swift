import JourneyCore

/// One credential the software authenticator made: its id, relying party, user, key, counter
/// and backup flags. Lives in the run's ``PasskeyStore`` and in device files.
struct PasskeyCredential: Sendable {
    /// The name a script gives it (`credential:`), to pick it later; nil when unnamed.
    var name: String?
    var id: [UInt8]
    var rpId: String
    /// The user handle as AM gives it (the text of `user.id`); its UTF-8 bytes are the handle.
    var userHandle: String?
    var userName: String?
    var key: PasskeyPrivateKey
    var signCount: UInt32
    var counter: CounterMode
    /// A discoverable (resident) credential: found without allowCredentials, returns its user handle.
    var resident: Bool
    var backupEligible: Bool
    var backupState: Bool
    var aaguid: [UInt8]

    /// How the signature counter moves: up by one per assertion, or always 0 (synced passkeys).
    enum CounterMode: String, Sendable, CaseIterable {
        case increment
        case zero
    }

    /// The id as the JS SDK's `credential.id` writes it: base64url without padding.
    var idText: String { Base64URL.encode(id) }

    /// `ES256 credential Abc…` with its name, for traces.
    var summary: String {
        let named = name.map { " '\($0)'" } ?? ""
        return "\(key.algorithm.name) credential\(named) \(idText)"
    }
}

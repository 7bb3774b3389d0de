import Synchronization

/// The passkeys of one simulated device: what registrations created and device files loaded,
/// in creation order. A script and the scripts it `uses:` share one store.
final class PasskeyStore: Sendable {
    private struct Contents {
        var credentials: [PasskeyCredential] = []
        var changed = false
    }

    private let contents = Mutex(Contents())

    init() {}

    var credentials: [PasskeyCredential] { contents.withLock { $0.credentials } }

    /// True once a credential was added or its counter moved since the store was made or loaded.
    var changed: Bool { contents.withLock { $0.changed } }

    func add(_ credential: PasskeyCredential) {
        contents.withLock { contents in
            contents.credentials.removeAll { $0.id == credential.id }
            contents.credentials.append(credential)
            contents.changed = true
        }
    }

    /// Adds the credentials whose ids the store does not hold yet (a device file's), without
    /// counting as a change.
    func merge(_ credentials: [PasskeyCredential]) {
        contents.withLock { contents in
            for credential in credentials where !contents.credentials.contains(where: { $0.id == credential.id }) {
                contents.credentials.append(credential)
            }
        }
    }

    /// Sets the counter of the credential with `id` after an assertion.
    func setSignCount(_ count: UInt32, forId id: [UInt8]) {
        contents.withLock { contents in
            guard let index = contents.credentials.firstIndex(where: { $0.id == id }) else { return }
            contents.credentials[index].signCount = count
            contents.changed = true
        }
    }

    /// The credential named `reference` (a script's name, else its base64url id).
    func credential(named reference: String) -> PasskeyCredential? {
        let all = credentials
        return all.last(where: { $0.name == reference }) ?? all.last(where: { $0.idText == reference })
    }

    /// What a browser would offer for `rpId`: among `allowed` ids when the relying party lists
    /// some, else the discoverable credentials; newest first.
    func candidates(rpId: String, allowed: [[UInt8]]) -> [PasskeyCredential] {
        credentials.reversed().filter { credential in
            credential.rpId == rpId && (allowed.isEmpty ? credential.resident : allowed.contains(credential.id))
        }
    }
}

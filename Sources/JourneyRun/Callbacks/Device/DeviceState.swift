import Crypto
import Foundation
import JourneyCore
import Synchronization

/// The simulated device of one run: its identifier (DeviceProfile `identifier`, DeviceBinding
/// `deviceId`) and the P-256 keys bound per user, so a DeviceSigningVerifierCallback later in
/// the run signs with the key a DeviceBindingCallback registered. Everything is made from the
/// run's seeded bytes, so a replay makes the same identifier and keys. Its passkeys are shared
/// with the scripts the run `uses:` and kept in the script's device file.
package final class DeviceState: Sendable {
    private struct Contents {
        var identifier: String?
        /// userId → raw P-256 private key bytes, in binding order.
        var keys: [(userId: String, raw: Data)] = []
    }

    private let contents = Mutex(Contents())
    /// The passkeys of the software authenticator.
    let passkeys: PasskeyStore

    package init() {
        self.passkeys = PasskeyStore()
    }

    init(passkeys: PasskeyStore) {
        self.passkeys = passkeys
    }

    /// The device identifier, made once from `randomBytes` (hex of 16 bytes) and then kept.
    package func identifier(randomBytes: (Int) -> [UInt8]) -> String {
        if let identifier = contents.withLock({ $0.identifier }) { return identifier }
        let made = randomBytes(16).map { String(format: "%02x", $0) }.joined()
        return contents.withLock { contents in
            if let identifier = contents.identifier { return identifier }
            contents.identifier = made
            return made
        }
    }

    /// The key bound for `userId` in this run, creating one from `randomBytes` when there is none.
    func bindingKey(for userId: String, randomBytes: (Int) -> [UInt8]) -> P256.Signing.PrivateKey {
        let existing = contents.withLock { contents in contents.keys.last(where: { $0.userId == userId })?.raw }
        if let existing, let key = try? P256.Signing.PrivateKey(rawRepresentation: existing) { return key }
        let key = Self.makeKey(randomBytes: randomBytes)
        let raw = key.rawRepresentation
        contents.withLock { $0.keys.append((userId, raw)) }
        return key
    }

    /// Remembers `key` (read from a key file) as the one bound for `userId`.
    func bind(_ key: P256.Signing.PrivateKey, userId: String) {
        let raw = key.rawRepresentation
        contents.withLock { $0.keys.append((userId, raw)) }
    }

    /// The key to sign with for `userId`: the one bound for that user, else (usernameless
    /// signing, or a user bound under another DN) the most recently bound key; `nil` when none.
    func signingKey(for userId: String) -> P256.Signing.PrivateKey? {
        let raw = contents.withLock { contents in
            let entry =
                userId.isEmpty
                ? contents.keys.last : (contents.keys.last(where: { $0.userId == userId }) ?? contents.keys.last)
            return entry?.raw
        }
        return raw.flatMap { try? P256.Signing.PrivateKey(rawRepresentation: $0) }
    }

    /// A P-256 key from `randomBytes`.
    static func makeKey(randomBytes: (Int) -> [UInt8]) -> P256.Signing.PrivateKey {
        // Almost every 32-byte string is a valid scalar; try a few before falling back to system randomness.
        for _ in 0..<8 {
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: randomBytes(32)) { return key }
        }
        return P256.Signing.PrivateKey()
    }
}

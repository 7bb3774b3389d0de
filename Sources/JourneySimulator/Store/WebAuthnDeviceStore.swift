import Foundation
import JourneyCore
import Synchronization

/// A registered WebAuthn credential, as AM keeps it in the user's profile.
public struct WebAuthnDevice: Sendable, Hashable {
    /// The credential id, base64url without padding (the `rawId` the client reports).
    public var credentialId: String
    /// The credential public key as registered: a COSE_Key (CBOR).
    public var publicKey: [UInt8]
    /// The COSE algorithm of the key (-7 ES256, -8 EdDSA, -257 RS256).
    public var algorithm: Int
    /// The last signature counter seen (0 for authenticators that do not count, such as synced passkeys).
    public var signCount: UInt32
    public var deviceName: String
    /// The user handle the credential was created for, as AM sends it (`userId`: the base64 of the user's id).
    public var userHandle: String
    /// Level 3 backup flags: may the credential be backed up (BE), and is it (BS, updated at each login).
    public var backupEligible: Bool
    public var backupState: Bool
    /// The attestation format the registration carried (`none`, `packed`).
    public var attestationFormat: String
    /// When the device was registered.
    public var created: Date

    public init(
        credentialId: String, publicKey: [UInt8], algorithm: Int, signCount: UInt32, deviceName: String,
        userHandle: String, backupEligible: Bool = false, backupState: Bool = false, attestationFormat: String = "none",
        created: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.credentialId = credentialId
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.deviceName = deviceName
        self.userHandle = userHandle
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.attestationFormat = attestationFormat
        self.created = created
    }

    /// The device as the test controls list it (the public key as base64url).
    var json: JSONValue {
        [
            "credentialId": .string(credentialId), "deviceName": .string(deviceName), "algorithm": .int(algorithm),
            "signCount": .int(Int(signCount)), "userHandle": .string(userHandle),
            "backupEligible": .bool(backupEligible), "backupState": .bool(backupState),
            "attestationFormat": .string(attestationFormat), "publicKey": .string(Base64URL.encode(publicKey)),
            "created": .string(ISO8601.format(created)),
        ]
    }
}

/// WebAuthn devices by username, in registration order. Part of the simulator's user store: a
/// journey registers them, an authentication checks and updates them, the test controls list and delete them.
final class WebAuthnDeviceStore: Sendable {
    private let devices = Mutex<[String: [WebAuthnDevice]]>([:])

    func devices(of username: String) -> [WebAuthnDevice] {
        devices.withLock { $0[username] ?? [] }
    }

    /// The owner and the device with this credential id, whoever holds it.
    func find(credentialId: String) -> (username: String, device: WebAuthnDevice)? {
        devices.withLock { storage in
            for (username, list) in storage {
                if let device = list.first(where: { $0.credentialId == credentialId }) { return (username, device) }
            }
            return nil
        }
    }

    enum Registration: Equatable {
        case added, duplicate, limitReached
    }

    /// Saves `device` for `username` unless the credential id is known already or the user holds `limit` devices (0 = no limit).
    func register(_ device: WebAuthnDevice, for username: String, limit: Int) -> Registration {
        devices.withLock { storage in
            if storage.values.contains(where: { $0.contains { $0.credentialId == device.credentialId } }) {
                return .duplicate
            }
            var list = storage[username] ?? []
            if limit > 0, list.count >= limit { return .limitReached }
            list.append(device)
            storage[username] = list
            return .added
        }
    }

    enum CounterUpdate: Equatable {
        case updated
        /// The counter did not increase (a cloned authenticator, or a replayed assertion).
        case notIncreasing(stored: UInt32, received: UInt32)
        case unknown
    }

    /// WebAuthn §7.2 step 21: when the stored or the new counter is nonzero, the new one must be
    /// greater; then it is stored. Synced passkeys send 0 each time and pass. The backup state is updated too.
    func recordAssertion(
        credentialId: String, for username: String, signCount: UInt32, backupState: Bool
    ) -> CounterUpdate {
        devices.withLock { storage in
            guard var list = storage[username], let index = list.firstIndex(where: { $0.credentialId == credentialId })
            else { return .unknown }
            let stored = list[index].signCount
            if stored != 0 || signCount != 0, signCount <= stored {
                return .notIncreasing(stored: stored, received: signCount)
            }
            list[index].signCount = signCount
            list[index].backupState = backupState
            storage[username] = list
            return .updated
        }
    }

    /// Deletes one device; false when the user has no such device.
    func delete(credentialId: String, of username: String) -> Bool {
        devices.withLock { storage in
            guard var list = storage[username], let index = list.firstIndex(where: { $0.credentialId == credentialId })
            else { return false }
            list.remove(at: index)
            storage[username] = list.isEmpty ? nil : list
            return true
        }
    }

    /// Deletes every device of the user; returns how many there were.
    @discardableResult
    func deleteAll(of username: String) -> Int {
        devices.withLock { $0.removeValue(forKey: username)?.count ?? 0 }
    }
}

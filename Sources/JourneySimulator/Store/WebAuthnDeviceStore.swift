import Foundation
import JourneyCore
import Synchronization

/// A registered WebAuthn credential, as AM keeps it in the user's profile.
package struct WebAuthnDevice: Sendable, Hashable {
    /// The credential id, base64url without padding (the `rawId` the client reports).
    package var credentialId: String
    /// The credential public key as registered: a COSE_Key (CBOR).
    package var publicKey: [UInt8] {
        didSet { key = Self.parseKey(publicKey) }
    }
    /// `publicKey` read once, when the device is made (or its key replaced), not at each login.
    private(set) var key: ParsedKey
    /// The COSE algorithm of the key (-7 ES256, -8 EdDSA, -257 RS256).
    package var algorithm: Int
    /// The last signature counter seen (0 for authenticators that do not count, such as synced passkeys).
    package var signCount: UInt32
    package var deviceName: String
    /// The user handle the credential was created for, as AM sends it (`userId`: the base64 of the user's id).
    package var userHandle: String
    /// Level 3 backup flags: may the credential be backed up (BE), and is it (BS, updated at each login).
    package var backupEligible: Bool
    package var backupState: Bool
    /// The attestation format the registration carried (`none`, `packed`).
    package var attestationFormat: String
    /// When the device was registered.
    package var created: Date

    package init(
        credentialId: String, publicKey: [UInt8], algorithm: Int, signCount: UInt32, deviceName: String,
        userHandle: String, backupEligible: Bool = false, backupState: Bool = false, attestationFormat: String = "none",
        created: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.credentialId = credentialId
        self.publicKey = publicKey
        self.key = Self.parseKey(publicKey)
        self.algorithm = algorithm
        self.signCount = signCount
        self.deviceName = deviceName
        self.userHandle = userHandle
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.attestationFormat = attestationFormat
        self.created = created
    }

    /// A stored public key as the verifier needs it: the COSE key, or why it does not parse.
    enum ParsedKey: Sendable, Hashable {
        case key(COSEKey)
        case unreadable(String)
    }

    static func parseKey(_ bytes: [UInt8]) -> ParsedKey {
        do {
            return .key(try COSEKey.parse(try CBORReader.decode(bytes)))
        } catch {
            return .unreadable("\(error)")
        }
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

/// WebAuthn devices by username, in registration order, each with the recovery codes made for it
/// (AM keeps them in the device profile: deleting the device deletes its codes). Part of the
/// simulator's user store: a journey registers devices, an authentication checks and updates them,
/// the test controls list and delete them. Credential ids are indexed: no lookup scans the users.
final class WebAuthnDeviceStore: Sendable {
    private struct Registered: Sendable {
        var device: WebAuthnDevice
        /// The device's unused recovery codes.
        var recoveryCodes: Set<String> = []
    }

    private struct Storage: Sendable {
        var byUser: [String: [Registered]] = [:]
        /// The owner of each credential id.
        var owners: [String: String] = [:]

        func index(of credentialId: String, for username: String) -> Int? {
            guard owners[credentialId] == username else { return nil }
            return byUser[username]?.firstIndex { $0.device.credentialId == credentialId }
        }

        mutating func remove(credentialId: String, of username: String) -> Bool {
            guard let index = index(of: credentialId, for: username), var list = byUser[username] else { return false }
            list.remove(at: index)
            byUser[username] = list.isEmpty ? nil : list
            owners[credentialId] = nil
            return true
        }
    }

    private let storage = Mutex(Storage())

    func devices(of username: String) -> [WebAuthnDevice] {
        storage.withLock { $0.byUser[username]?.map(\.device) ?? [] }
    }

    /// The owner and the device with this credential id, whoever holds it.
    func find(credentialId: String) -> (username: String, device: WebAuthnDevice)? {
        storage.withLock { storage in
            guard let username = storage.owners[credentialId],
                let index = storage.index(of: credentialId, for: username),
                let device = storage.byUser[username]?[index].device
            else { return nil }
            return (username, device)
        }
    }

    enum Registration: Equatable {
        case added, duplicate, limitReached
    }

    /// Saves `device` for `username` unless the credential id is known already or the user holds `limit` devices (0 = no limit).
    func register(_ device: WebAuthnDevice, for username: String, limit: Int) -> Registration {
        storage.withLock { storage in
            if storage.owners[device.credentialId] != nil { return .duplicate }
            var list = storage.byUser[username] ?? []
            if limit > 0, list.count >= limit { return .limitReached }
            list.append(Registered(device: device))
            storage.byUser[username] = list
            storage.owners[device.credentialId] = username
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
        storage.withLock { storage in
            guard let index = storage.index(of: credentialId, for: username), var list = storage.byUser[username]
            else { return .unknown }
            let stored = list[index].device.signCount
            if stored != 0 || signCount != 0, signCount <= stored {
                return .notIncreasing(stored: stored, received: signCount)
            }
            list[index].device.signCount = signCount
            list[index].device.backupState = backupState
            storage.byUser[username] = list
            return .updated
        }
    }

    /// Deletes one device and its recovery codes; false when the user has no such device.
    func delete(credentialId: String, of username: String) -> Bool {
        storage.withLock { $0.remove(credentialId: credentialId, of: username) }
    }

    /// Deletes every device of the user, and so their recovery codes; returns how many devices there were.
    @discardableResult
    func deleteAll(of username: String) -> Int {
        storage.withLock { storage in
            guard let list = storage.byUser.removeValue(forKey: username) else { return 0 }
            for registered in list { storage.owners[registered.device.credentialId] = nil }
            return list.count
        }
    }

    // MARK: recovery codes

    /// Adds recovery codes to the device; false when the user has no such device.
    func addRecoveryCodes(_ codes: [String], credentialId: String, of username: String) -> Bool {
        storage.withLock { storage in
            guard let index = storage.index(of: credentialId, for: username), var list = storage.byUser[username]
            else { return false }
            list[index].recoveryCodes.formUnion(codes)
            storage.byUser[username] = list
            return true
        }
    }

    /// True (and the code is used up) when `code` is an unused code of one of the user's devices.
    func redeemRecoveryCode(_ code: String, for username: String) -> Bool {
        storage.withLock { storage in
            guard !code.isEmpty, var list = storage.byUser[username],
                let index = list.firstIndex(where: { $0.recoveryCodes.contains(code) })
            else { return false }
            list[index].recoveryCodes.remove(code)
            storage.byUser[username] = list
            return true
        }
    }

    /// How many unused recovery codes the user's devices have.
    func recoveryCodesRemaining(for username: String) -> Int {
        storage.withLock { $0.byUser[username]?.reduce(0) { $0 + $1.recoveryCodes.count } ?? 0 }
    }

    /// Forgets the recovery codes of all the user's devices (the devices stay).
    func deleteRecoveryCodes(of username: String) {
        storage.withLock { storage in
            guard var list = storage.byUser[username] else { return }
            for index in list.indices { list[index].recoveryCodes = [] }
            storage.byUser[username] = list
        }
    }
}

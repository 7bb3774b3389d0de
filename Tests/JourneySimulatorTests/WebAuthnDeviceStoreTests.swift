import JourneyCore
import Testing

@testable import JourneySimulator

/// The device store's rules: one credential id in one place, the device limit, and WebAuthn's counter rule.
@Suite("WebAuthn device store")
struct WebAuthnDeviceStoreTests {
    static func device(_ id: String, count: UInt32) -> WebAuthnDevice {
        WebAuthnDevice(
            credentialId: id, publicKey: [], algorithm: -7, signCount: count, deviceName: "key", userHandle: "ZGVtbw==")
    }

    @Test(
        "the counter fails only when the stored or the new one is nonzero and the new one does not increase",
        arguments: [
            (UInt32(0), UInt32(0), true), (0, 5, true), (5, 6, true), (5, 5, false), (5, 4, false), (5, 0, false),
        ])
    func counterRule(stored: UInt32, received: UInt32, accepted: Bool) {
        let store = WebAuthnDeviceStore()
        #expect(store.register(Self.device("a", count: stored), for: "demo", limit: 0) == .added)
        let update = store.recordAssertion(credentialId: "a", for: "demo", signCount: received, backupState: false)
        #expect((update == .updated) == accepted)
        #expect(store.devices(of: "demo").first?.signCount == (accepted ? received : stored))
    }

    @Test("a credential id is registered once, whoever registers it; the limit counts the user's devices")
    func duplicatesAndLimit() {
        let store = WebAuthnDeviceStore()
        #expect(store.register(Self.device("a", count: 0), for: "demo", limit: 2) == .added)
        #expect(store.register(Self.device("a", count: 0), for: "alice", limit: 2) == .duplicate)
        #expect(store.register(Self.device("b", count: 0), for: "demo", limit: 2) == .added)
        #expect(store.register(Self.device("c", count: 0), for: "demo", limit: 2) == .limitReached)
        #expect(store.find(credentialId: "b")?.username == "demo")
        #expect(store.recordAssertion(credentialId: "b", for: "alice", signCount: 1, backupState: false) == .unknown)
        #expect(store.delete(credentialId: "a", of: "demo"))
        #expect(!store.delete(credentialId: "a", of: "demo"))
        #expect(store.deleteAll(of: "demo") == 1)
        #expect(store.devices(of: "demo").isEmpty)
    }

    @Test("the public key is read once, when the device is made, and again only when it is replaced")
    func keyParsedOnce() throws {
        let key = try TestPasskey(.eddsa).coseKey()
        var device = WebAuthnDevice(
            credentialId: "a", publicKey: key.encoded(), algorithm: -8, signCount: 0, deviceName: "key",
            userHandle: "ZGVtbw==")
        #expect(device.key == .key(key))
        device.publicKey = [0xA0]
        guard case .unreadable = device.key else {
            Issue.record("a key that is not COSE parsed: \(device.key)")
            return
        }
        #expect(Self.device("b", count: 0).key != .key(key))
    }

    @Test("a deleted credential id is free again and no longer found; another user's id is not theirs to delete")
    func indexFollowsDeletes() {
        let store = WebAuthnDeviceStore()
        #expect(store.register(Self.device("a", count: 0), for: "demo", limit: 0) == .added)
        #expect(store.register(Self.device("b", count: 0), for: "alice", limit: 0) == .added)
        #expect(!store.delete(credentialId: "b", of: "demo"))
        #expect(store.find(credentialId: "b")?.username == "alice")
        #expect(store.delete(credentialId: "a", of: "demo"))
        #expect(store.find(credentialId: "a") == nil)
        #expect(store.register(Self.device("a", count: 0), for: "alice", limit: 0) == .added)
        #expect(store.find(credentialId: "a")?.username == "alice")
        #expect(store.deleteAll(of: "alice") == 2)
        #expect(store.find(credentialId: "a") == nil && store.find(credentialId: "b") == nil)
        #expect(store.register(Self.device("b", count: 0), for: "demo", limit: 0) == .added)
    }

    @Test("recovery codes belong to a device: each is accepted once, and they go when their device goes")
    func recoveryCodesPerDevice() {
        let store = WebAuthnDeviceStore()
        #expect(!store.addRecoveryCodes(["x"], credentialId: "a", of: "demo"), "no device, no codes")
        #expect(store.register(Self.device("a", count: 0), for: "demo", limit: 0) == .added)
        #expect(store.register(Self.device("b", count: 0), for: "demo", limit: 0) == .added)
        #expect(store.addRecoveryCodes(["a1", "a2"], credentialId: "a", of: "demo"))
        #expect(store.addRecoveryCodes(["b1"], credentialId: "b", of: "demo"))
        #expect(!store.addRecoveryCodes(["z"], credentialId: "a", of: "alice"))
        #expect(store.recoveryCodesRemaining(for: "demo") == 3)
        #expect(!store.redeemRecoveryCode("a1", for: "alice"))
        #expect(store.redeemRecoveryCode("a1", for: "demo"))
        #expect(!store.redeemRecoveryCode("a1", for: "demo"))
        #expect(!store.redeemRecoveryCode("", for: "demo"))
        #expect(store.delete(credentialId: "a", of: "demo"))
        #expect(!store.redeemRecoveryCode("a2", for: "demo"))
        #expect(store.recoveryCodesRemaining(for: "demo") == 1)
        store.deleteRecoveryCodes(of: "demo")
        #expect(store.recoveryCodesRemaining(for: "demo") == 0)
        #expect(store.devices(of: "demo").count == 1)
    }
}

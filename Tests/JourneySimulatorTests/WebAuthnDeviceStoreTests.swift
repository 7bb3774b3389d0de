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
}

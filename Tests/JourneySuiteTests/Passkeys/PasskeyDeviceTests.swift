import Crypto
import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The device's passkeys across runs: a device file written by one script and read by a later
/// one, a used script's passkeys in the using one, and private keys that never reach an output.
@Suite struct PasskeyDeviceTests {
    static let server = "http://am.test/am"

    static func run(_ path: String, _ transport: ScriptedTransport) async throws -> JourneyResult {
        let journey = try JourneyCompiler.compile(try ScriptLoader.load(path: path))
        return await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: server, transport: transport, seed: 7))
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let registerScript = """
        version: 1
        name: Register a passkey
        journey: Register
        device: { file: alice-device.json }
        handlers:
          WebAuthnRegistrationCallback: { deviceName: phone, residentKey: true }
        """

    static let loginScript = """
        version: 1
        name: Sign in with it
        journey: Login
        device: { file: alice-device.json }
        handlers:
          WebAuthnAuthenticationCallback: {}
        """

    @Test func oneScriptRegistersALaterOneSignsIn() async throws {
        let folder = try TemporaryFiles.directory("passkey-device")
        let register = try Self.write(Self.registerScript, "register.yaml", in: folder)
        let login = try Self.write(Self.loginScript, "login.yaml", in: folder)
        let devicePath = folder.appendingPathComponent("alice-device.json").path

        let first = try PasskeyAM.transport(fixtures: ["registration-metadata-am71-platform"])
        let registered = try await Self.run(register, first)
        #expect(registered.status == .passed, "\(registered.failures) \(String(describing: registered.error))")
        let attributes = try FileManager.default.attributesOfItem(atPath: devicePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "the atomic write leaves no temporary file")
        let document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: devicePath)))
        let stored = try #require(document["credentials"]?.arrayValue?.first)
        let privateKey = try #require(stored["privateKey"]?.stringValue)
        #expect(stored["name"]?.stringValue == "phone")
        #expect(stored["resident"]?.boolValue == true)
        #expect(stored["rpId"]?.stringValue == "humorous-cuddly-carrot.glitch.me")

        let second = try PasskeyAM.transport(fixtures: ["authentication-metadata-am71"])
        let loggedIn = try await Self.run(login, second)
        #expect(loggedIn.status == .passed, "\(loggedIn.failures) \(String(describing: loggedIn.error))")
        let registration = try PasskeyOutcomeCheck.registration(try first.outcome(at: 1))
        let assertion = try PasskeyOutcomeCheck.assertion(try second.outcome(at: 1))
        #expect(assertion.credentialId == registration.credentialId)
        #expect(try PasskeyOutcomeCheck.verifies(assertion, with: registration))
        let after = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: devicePath)))
        #expect(after["credentials"]?.arrayValue?.first?["signCount"]?.intValue == 1, "the counter is kept")

        let texts = PasskeyOutcomeCheck.outputs([registered, loggedIn])
        for text in texts {
            #expect(!text.contains(privateKey), "a private key in an output")
        }
        // The raw key bytes in other encodings are not in the outputs either.
        let raw = try #require(Base64URL.decode(privateKey))
        let hex = raw.map { String(format: "%02x", $0) }.joined()
        #expect(texts.allSatisfy { !$0.contains(hex) && !$0.contains(raw.base64EncodedString()) })
    }

    @Test func aUsedScriptsPasskeySignsInTheUsingScript() async throws {
        let folder = try TemporaryFiles.directory("passkey-uses")
        _ = try Self.write(
            """
            version: 1
            name: Register
            journey: Register
            handlers:
              WebAuthnRegistrationCallback: { residentKey: true, signCount: zero }
            """, "register.yaml", in: folder)
        let login = try Self.write(
            """
            version: 1
            name: Register, then sign in
            uses: register.yaml
            journey: Login
            handlers:
              WebAuthnAuthenticationCallback: {}
            """, "login.yaml", in: folder)
        var bodies = [try Fixtures.json("callbacks/webauthn/registration-metadata-am71-platform.json")]
        bodies.append(AMSuccess(tokenId: "token-1", successUrl: "/am/console", realm: "/").json)
        bodies.append(try Fixtures.json("callbacks/webauthn/authentication-metadata-am71.json"))
        bodies.append(AMSuccess(tokenId: "token-2", successUrl: "/am/console", realm: "/").json)
        let am = PasskeyAM.transport(bodies)
        let result = try await Self.run(login, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let registration = try PasskeyOutcomeCheck.registration(try am.outcome(at: 1))
        let assertion = try PasskeyOutcomeCheck.assertion(try am.outcome(at: 3))
        #expect(assertion.credentialId == registration.credentialId)
        #expect(Array(assertion.authenticatorData[33..<37]) == [0, 0, 0, 0], "signCount: zero, as synced passkeys")
        #expect(try PasskeyOutcomeCheck.verifies(assertion, with: registration))
    }

    @Test func anExcludedPasskeyIsTheBrowsersInvalidStateError() async throws {
        let folder = try TemporaryFiles.directory("passkey-exclude")
        // The credential the fixture's excludeCredentials names, with a key of this test's.
        let fixture = try PasskeyAM.request("registration-metadata-am71-platform")
        let excluded = try #require(fixture.credentialIds.first)
        let key = P256.Signing.PrivateKey()
        let device: JSONValue = [
            "format": "journey-device", "version": 1,
            "credentials": [
                [
                    "id": .string(Base64URL.encode(excluded)), "rpId": "humorous-cuddly-carrot.glitch.me",
                    "algorithm": "ES256", "privateKey": .string(Base64URL.encode(key.rawRepresentation)),
                    "signCount": 3,
                ]
            ],
        ]
        try device.encoded.write(to: folder.appendingPathComponent("alice-device.json"))
        let register = try Self.write(Self.registerScript, "register.yaml", in: folder)
        let am = try PasskeyAM.transport(fixtures: ["registration-metadata-am71-platform"])
        let result = try await Self.run(register, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        #expect(try am.outcome(at: 1) == "ERROR::InvalidStateError:The authenticator was previously registered.")
        #expect(
            PasskeyOutcomeCheck.outputs([result]).allSatisfy { !$0.contains(Base64URL.encode(key.rawRepresentation)) })
    }

    @Test func aBrokenDeviceFileIsAnErrorAtItsKey() async throws {
        let folder = try TemporaryFiles.directory("passkey-broken")
        try Data(#"{"format": "journey-device", "version": 1, "credentials": [{"id": "AA"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("alice-device.json"))
        let register = try Self.write(Self.registerScript, "register.yaml", in: folder)
        let result = try await Self.run(register, try PasskeyAM.transport(fixtures: ["registration-metadata-am71"]))
        #expect(result.status == .failed)
        let message = result.failures.map(\.message).joined(separator: "\n")
        #expect(message.contains("register.yaml:4:"), "\(message)")
        #expect(message.contains("credential #1"), "\(message)")
    }

    @Test func deviceFileRoundTripAndLimits() throws {
        let credential = PasskeyCredential(
            name: "k", id: [1, 2, 3], rpId: "example.com", userHandle: "dXNlcg", userName: "user",
            key: try PasskeyPrivateKey.make(.edDSA, randomBytes: { [UInt8](repeating: 5, count: $0) }), signCount: 9,
            counter: .zero, resident: true, backupEligible: true, backupState: false, aaguid: Array(1...16))
        let decoded = try PasskeyDeviceFile.decode(Array(PasskeyDeviceFile.encode([credential]).utf8))
        let back = try #require(decoded.first)
        #expect(back.id == credential.id)
        #expect(back.name == "k")
        #expect(back.userHandle == "dXNlcg")
        #expect(back.signCount == 9)
        #expect(back.counter == .zero)
        #expect(back.resident && back.backupEligible && !back.backupState)
        #expect(back.aaguid == Array(1...16))
        #expect(back.key.exported == credential.key.exported)
        #expect(throws: PasskeyError.self) { try PasskeyDeviceFile.decode(Array("[]".utf8)) }
        #expect(throws: PasskeyError.self) {
            try PasskeyDeviceFile.decode(Array(#"{"format":"journey-device","version":2,"credentials":[]}"#.utf8))
        }
        let folder = try TemporaryFiles.directory("passkey-limit")
        let big = folder.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: PasskeyDeviceFile.maxBytes + 1).write(to: big)
        #expect(throws: PasskeyError.self) { try PasskeyDeviceFile.read(big.path) }
        #expect(try PasskeyDeviceFile.read(folder.appendingPathComponent("none.json").path).isEmpty)
    }
}

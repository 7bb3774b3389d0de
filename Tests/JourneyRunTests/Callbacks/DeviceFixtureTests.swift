import Crypto
import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Device profile, device binding and signing, and app integrity callbacks.
@Suite struct DeviceFixtureTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    /// The string value of an input in the answered step.
    func inputText(_ result: StepAnswer, _ position: Int, _ name: String) -> String? {
        result.step.callbacks[position].input?.first { $0.name == name }?.value.stringValue
    }

    @Test(arguments: ["callbacks/DeviceProfileCallback.json", "callbacks/DeviceProfileCallback--message.json"])
    func defaultDeviceProfile(path: String) async throws {
        let json = try Fixtures.json(path)
        let environment = TestEnvironment()
        let result = try await answer(
            try Fixtures.step(path), [handler("DeviceProfileCallback")], environment: environment)
        let sent = try #require(inputText(result, 0, "IDToken1"))
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", .string(sent))]))
        let profile = try JSONValue.parse(sent)
        let identifier = environment.deviceState.identifier(randomBytes: environment.randomBytes)
        #expect(profile["identifier"]?.stringValue == identifier)
        #expect(profile["version"] == "1.0")
        let metadata = try #require(profile["metadata"]?.objectValue)
        #expect(Set(metadata.keys) == ["platform", "hardware", "browser", "bluetooth", "network", "telephony"])
        #expect(profile["location"]?["latitude"] != nil && profile["location"]?["longitude"] != nil)
    }

    @Test func deviceProfileWithoutMetadataOrLocation() async throws {
        let callback = AMCallback(
            type: "DeviceProfileCallback",
            output: [NameValue(name: "metadata", value: false), NameValue(name: "location", value: false)],
            input: [NameValue(name: "IDToken1", value: "")])
        let result = try await answer(AMStep(authId: "a", callbacks: [callback]), [handler("DeviceProfileCallback")])
        let profile = try JSONValue.parse(try #require(inputText(result, 0, "IDToken1")))
        #expect(profile["metadata"] == nil && profile["location"] == nil)
        #expect(profile["identifier"] != nil)
    }

    /// `profile: browser | ios | android`: the members each Ping SDK's collector sends.
    @Test(arguments: [
        (
            DeviceProfileShape.browser, ["hardware", "browser", "platform"],
            ["language", "platform", "deviceName", "fonts", "timezone", "userLanguage", "systemLanguage"]
        ),
        (
            DeviceProfileShape.ios, ["platform", "hardware", "browser", "bluetooth", "network", "telephony"],
            ["platform", "version", "device", "deviceName", "model", "brand", "locale", "timezone", "jailbreakScore"]
        ),
        (
            DeviceProfileShape.android, ["platform", "hardware", "browser", "bluetooth", "network", "telephony"],
            ["platform", "version", "device", "deviceName", "model", "brand", "locale", "timeZone", "jailBreakScore"]
        ),
    ])
    func deviceProfileShapes(shape: DeviceProfileShape, metadataKeys: [String], platformKeys: [String])
        async throws
    {
        let path = "callbacks/DeviceProfileCallback.json"
        let environment = TestEnvironment()
        let result = try await answer(
            try Fixtures.step(path),
            [handler("DeviceProfileCallback") { $0.profile = located(.string(shape.rawValue)) }],
            environment: environment)
        let profile = try JSONValue.parse(try #require(inputText(result, 0, "IDToken1")))
        let identifier = try #require(profile["identifier"]?.stringValue)
        let runIdentifier = environment.deviceState.identifier(randomBytes: environment.randomBytes)
        if shape == .browser {
            #expect(identifier.split(separator: "-").count == 3 && identifier.allSatisfy { $0.isNumber || $0 == "-" })
            #expect(profile["version"] == nil)
        } else {
            #expect(identifier == runIdentifier)
            #expect(profile["version"] == "1.0")
        }
        let metadata = try #require(profile["metadata"]?.objectValue)
        #expect(Set(metadata.keys) == Set(metadataKeys))
        #expect(Set(profile["metadata"]?["platform"]?.objectValue.map { Array($0.keys) } ?? []) == Set(platformKeys))
        #expect(profile["metadata"]?["browser"]?["userAgent"]?.stringValue?.isEmpty == false)
        #expect(profile["metadata"]?["hardware"]?["display"]?["width"]?.intValue != nil)
        #expect(profile["location"]?["latitude"]?.doubleValue != nil)
        #expect(result.callbacks[0].notes.contains { $0.key == "profile" && $0.value == shape.rawValue })

        let bare = AMCallback(
            type: "DeviceProfileCallback",
            output: [NameValue(name: "metadata", value: false), NameValue(name: "location", value: false)],
            input: [NameValue(name: "IDToken1", value: "")])
        let small = try await answer(
            AMStep(authId: "a", callbacks: [bare]),
            [handler("DeviceProfileCallback") { $0.profile = located(.string(shape.rawValue)) }])
        let document = try JSONValue.parse(try #require(inputText(small, 0, "IDToken1")))
        #expect(document["metadata"] == nil && document["location"] == nil && document["identifier"] != nil)
    }

    static let clientAnswerCases: [FixtureCase] = [
        FixtureCase(
            testDescription: "a device profile given as a mapping", path: "callbacks/DeviceProfileCallback.json",
            handlers: [
                handler("DeviceProfileCallback") { $0.profile = located(["identifier": "dev-1", "version": "1.0"]) }
            ],
            setting: [(0, "IDToken1", "{\"identifier\":\"dev-1\",\"version\":\"1.0\"}")]),
        FixtureCase(
            testDescription: "a signing verifier client error", path: "callbacks/DeviceSigningVerifierCallback.json",
            handlers: [handler("DeviceSigningVerifierCallback") { $0.clientError = text("ClientNotRegistered") }],
            setting: [(0, "IDToken1clientError", "ClientNotRegistered")]),
    ]

    @Test(arguments: clientAnswerCases)
    func fixtureIsAnswered(_ example: FixtureCase) async throws {
        try await example.check()
    }

    @Test(arguments: ["callbacks/DeviceBindingCallback.json", "callbacks/DeviceBindingCallback--application-pin.json"])
    func deviceBindingSignsAVerifiableJWS(path: String) async throws {
        let json = try Fixtures.json(path)
        let step = try Fixtures.step(path)
        let environment = TestEnvironment(now: now)
        let result = try await answer(step, [handler("DeviceBindingCallback")], environment: environment)
        let jws = try #require(inputText(result, 0, "IDToken1jws"))
        let deviceId = environment.deviceState.identifier(randomBytes: environment.randomBytes)
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1jws", .string(jws)), (0, "IDToken1deviceName", "journey"),
                        (0, "IDToken1deviceId", .string(deviceId)),
                    ]))
        #expect(result.traced(0, "IDToken1jws")?.value == "«jws»")
        #expect(!rendering(result.callbacks).contains(jws))

        let parts = jws.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let header = try JSONValue.parse(try #require(Base64URL.decode(parts[0])))
        #expect(header["typ"] == "JWS" && header["alg"] == "ES256")
        let jwk = try #require(header["jwk"])
        #expect(header["kid"] != nil && jwk["kid"] == header["kid"])
        let x = try #require(jwk["x"]?.stringValue.flatMap(Base64URL.decode))
        let y = try #require(jwk["y"]?.stringValue.flatMap(Base64URL.decode))
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
        #expect(publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))

        let claims = try JSONValue.parse(try #require(Base64URL.decode(parts[1])))
        let callback = step.callbacks[0]
        #expect(claims["sub"] == callback.output("userId"))
        #expect(claims["challenge"] == callback.output("challenge"))
        #expect(claims["iat"] == 1_767_225_600 && claims["nbf"] == 1_767_225_600)
        #expect(claims["exp"] == .int(1_767_225_600 + 60))
        #expect(claims["iss"] == "com.pingidentity.journey" && claims["platform"] == "ios")
    }

    @Test func deviceBindingNamesAndClientError() async throws {
        let path = "callbacks/DeviceBindingCallback.json"
        let json = try Fixtures.json(path)
        let named = try await answer(
            try Fixtures.step(path),
            [
                handler("DeviceBindingCallback") {
                    $0.deviceName = text("CI phone")
                    $0.deviceId = text("device-42")
                }
            ])
        #expect(inputText(named, 0, "IDToken1deviceName") == "CI phone")
        #expect(inputText(named, 0, "IDToken1deviceId") == "device-42")
        let aborted = try await answer(
            try Fixtures.step(path),
            [
                handler("DeviceBindingCallback") { $0.clientError = text("Abort") }
            ])
        #expect(aborted.step.json == fixture(json, setting: [(0, "IDToken1clientError", "Abort")]))
    }

    @Test func signingVerifierUsesTheKeyBoundInTheRun() async throws {
        let environment = TestEnvironment(now: now)
        let bound = try await answer(
            try Fixtures.step("callbacks/DeviceBindingCallback.json"), [handler("DeviceBindingCallback")],
            environment: environment)
        let bindingJWS = try #require(inputText(bound, 0, "IDToken1jws"))
        let bindingHeader = try JSONValue.parse(
            try #require(Base64URL.decode(String(bindingJWS.split(separator: ".")[0]))))

        let path = "callbacks/DeviceSigningVerifierCallback.json"
        let json = try Fixtures.json(path)
        let signed = try await answer(
            try Fixtures.step(path), number: 2, [handler("DeviceSigningVerifierCallback")],
            environment: environment)
        let jws = try #require(inputText(signed, 0, "IDToken1jws"))
        #expect(signed.step.json == fixture(json, setting: [(0, "IDToken1jws", .string(jws))]))
        let parts = jws.split(separator: ".").map(String.init)
        let header = try JSONValue.parse(try #require(Base64URL.decode(parts[0])))
        #expect(header["jwk"] == nil)
        #expect(header["kid"] == bindingHeader["kid"])
        let jwk = try #require(bindingHeader["jwk"])
        let x = try #require(jwk["x"]?.stringValue.flatMap(Base64URL.decode))
        let y = try #require(jwk["y"]?.stringValue.flatMap(Base64URL.decode))
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
        #expect(publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
        let claims = try JSONValue.parse(try #require(Base64URL.decode(parts[1])))
        #expect(claims["challenge"] == "gSP9Qx1tIfj7a/ryMwl4jVWOZRkKErMFyQz8KAWtLdo=")
    }

    @Test func signingWithAKeyFile() async throws {
        let key = P256.Signing.PrivateKey()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journey-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try key.pemRepresentation.write(
            to: folder.appendingPathComponent("device.pem"), atomically: true, encoding: .utf8)
        let scriptLocation = SourceLocation(file: folder.appendingPathComponent("script.yaml").path, line: 3, column: 5)

        let result = try await answer(
            try Fixtures.step("callbacks/DeviceSigningVerifierCallback.json"),
            [
                handler("DeviceSigningVerifierCallback") { $0.keyFile = Located("device.pem", at: scriptLocation) }
            ])
        let parts = try #require(inputText(result, 0, "IDToken1jws")).split(separator: ".").map(String.init)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
        #expect(key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))

        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step("callbacks/DeviceSigningVerifierCallback.json"),
                [
                    handler("DeviceSigningVerifierCallback") { $0.keyFile = Located("missing.pem", at: scriptLocation) }
                ])
        }
    }

    @Test(arguments: ["callbacks/AppIntegrityCallback--ios.json", "callbacks/AppIntegrityCallback--android.json"])
    func appIntegrityClientError(path: String) async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("AppIntegrityCallback") { $0.clientError = text("Unsupported") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1clientError", "Unsupported")]))
        let unhandled = try await answer(try Fixtures.step(path), [])
        #expect(unhandled.unhandled.count == 1)
    }
}

/// An environment that keeps no device state of its own: the default keeps one per run.
final class MinimalEnvironment: AnswerEnvironment {
    let redactor = Redactor()
    func now() -> Date { Date(timeIntervalSince1970: 1_767_225_600) }
    func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255) } }
    func resolve(_ spec: ValueSpec, timeoutMilliseconds: Int?) async throws(RunError) -> ResolvedValue {
        guard case .literal(let json) = spec.source else { throw RunError(.script, "literals only") }
        return ResolvedValue(json)
    }
}

@Suite struct DefaultDeviceStateTests {
    @Test func theDefaultDeviceIsStableWithinARunAndDistinctAcrossRuns() async throws {
        let step = try Fixtures.step("callbacks/DeviceBindingCallback.json")
        func deviceId(_ environment: MinimalEnvironment) async throws -> JSONValue? {
            let result = try await StepAnswerer.answer(
                step, stepNumber: 1, handlers: [handler("DeviceBindingCallback")], environment: environment)
            return result.step.callbacks[0].input?.first { $0.name == "IDToken1deviceId" }?.value
        }
        let run = MinimalEnvironment()
        let first = try await deviceId(run)
        let again = try await deviceId(run)
        let otherRun = try await deviceId(MinimalEnvironment())
        #expect(first != nil && first == again)
        #expect(first != otherRun)
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// Checks shared by the per-SDK conformance suites (`SDKConformanceTests+<SDK>.swift`): a fixture of
/// `Tests/Fixtures/sdk/<sdk>` answered with the profile of that SDK, and a registry type the
/// profile cannot answer.
enum SDKProfileConformance {
    /// Answers the fixture's callback with the handler its action describes, as the profile named
    /// `fixture.sdk`, and compares what journey posts with what the SDK's test asserts.
    static func check(_ fixture: SDKFixture) async throws {
        let sdk = try #require(SDKProfile(rawValue: fixture.sdk))
        let step = try #require(fixture.step)
        let result = try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: fixture.handlers, environment: TestEnvironment(), sdk: sdk)
        #expect(result.unhandled.isEmpty, "journey left \(fixture.type) unanswered")
        let callbacks = result.step.json["callbacks"]?.arrayValue ?? []
        switch fixture.posted {
        case .inputs(let expected):
            let posted = callbacks.first?["input"] ?? .null
            #expect(sdkEqual(posted, expected), "journey posts \(posted), \(fixture.sdk) posts \(expected)")
        case .asReceived:
            #expect(callbacks.count == 1 && callbacks.first.map { sdkEqual($0, fixture.received) } == true)
        case .omitted:
            #expect(callbacks.isEmpty, "\(fixture.sdk) leaves \(fixture.type) out of the request; journey posts it")
        }
    }

    /// A case read from an SDK's callback source rather than its tests, for a registry type its
    /// tests do not cover: `received`, `action` and `posted` as in a fixture file (JSON text),
    /// `rule` the SDK source file it comes from.
    static func sample(
        _ sdk: SDKProfile, _ name: String, rule: String, received: String, action: String = "{}", posted: String
    ) -> SDKFixture? {
        guard let received = try? JSONValue.parse(received), let action = try? JSONValue.parse(action),
            let posted = try? JSONValue.parse(posted)
        else { return nil }
        let json: JSONValue = [
            "source": ["test": .string("source: \(rule)")], "received": received, "action": action, "posted": posted,
        ]
        return SDKFixture(sdk: sdk.rawValue, name: name, json: json)
    }

    /// The registry's types that `fixtures` (files and samples) answer.
    static func covered(_ fixtures: [SDKFixture]) -> Set<String> { Set(fixtures.map(\.type)) }

    /// The repository's example of a callback of `type` (`Tests/Fixtures/callbacks`).
    static func examplePath(_ type: CallbackType) -> String {
        switch type {
        case .appIntegrity: return "callbacks/AppIntegrityCallback--ios.json"
        case .webAuthnRegistration: return "callbacks/webauthn/registration-metadata-am71.json"
        case .webAuthnAuthentication: return "callbacks/webauthn/authentication-metadata-am71.json"
        default: return "callbacks/\(type.wireName).json"
        }
    }

    /// A step holding the registry's sample of `type` fails under `sdk`, naming the SDK and the type.
    static func checkRefused(_ type: CallbackType, sdk: SDKProfile) throws {
        let step = try Fixtures.step(examplePath(type))
        let failures = SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: 2)
        #expect(failures.count == 1)
        let message = failures.first.map { "\($0)" } ?? ""
        #expect(message.contains(sdk.rawValue) && message.contains(type.wireName), "\(message)")
    }

    /// Every registry type is answered as `sdk` posts it (a fixture of its tests, a sample of its
    /// source, or one of the `computed` checks), or refused naming the SDK and the type.
    static func checkCovered(
        _ type: CallbackType, sdk: SDKProfile, by fixtures: [SDKFixture], computed: Set<CallbackType>
    ) throws {
        if !sdk.answers(type) { return try checkRefused(type, sdk: sdk) }
        if type == .proofOfWork {
            // journey's own custom callback (the simulator's): an app registers its own class, never refused.
            let step = try #require(AMStep(json: ["authId": "x", "callbacks": [["type": "ProofOfWorkCallback"]]]))
            #expect(SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: 1).isEmpty)
            return
        }
        let step = try Fixtures.step(examplePath(type))
        #expect(SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: 1).isEmpty)
        #expect(
            covered(fixtures).contains(type.wireName) || computed.contains(type),
            "no fixture or sample of \(sdk.rawValue) answers \(type.wireName)")
    }

    /// A DeviceProfileCallback handler without options posts, as JSON text, the document of the
    /// SDK's collector (`SDKProfile.deviceProfileShape`); returns it.
    static func postedDeviceProfile(_ sdk: SDKProfile) async throws -> JSONValue {
        let step = try Fixtures.step(examplePath(.deviceProfile))
        let result = try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: [handler("DeviceProfileCallback")], environment: TestEnvironment(), sdk: sdk)
        let text = try #require(result.step.callbacks.first?.input?.first?.value.stringValue)
        return try JSONValue.parse(text)
    }

    /// WebAuthn answered with a client error posts the outcome text every SDK writes into the
    /// `webAuthnOutcome` HiddenValueCallback: `ERROR::<DOMException name>:<message>`.
    static func checkWebAuthnClientError(_ type: CallbackType, sdk: SDKProfile) async throws {
        let step = try Fixtures.step(examplePath(type))
        let handlers = [handler(nil) { $0.clientError = literal("NotAllowedError") }]
        let result = try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: handlers, environment: TestEnvironment(), sdk: sdk)
        #expect(result.unhandled.isEmpty)
        let outcome = result.step.callbacks.last?.input?.first?.value.stringValue ?? ""
        #expect(outcome.hasPrefix("ERROR::NotAllowedError:"), "\(outcome)")
    }

    /// The reCAPTCHA Enterprise inputs posted when the reCAPTCHA client fails (a token command
    /// that exits 1) under `sdk`, for a handler that also sets a payload and the action `login`.
    static func postedOnReCaptchaClientFailure(_ sdk: SDKProfile) async throws -> JSONValue {
        let callback = try JSONValue.parse(SDKSampleCallbacks.reCaptchaEnterprise)
        let step = try #require(AMStep(json: ["authId": "x", "callbacks": .array([callback])]))
        let handlers = [
            handler("ReCaptchaEnterpriseCallback") {
                $0.token = command("false")
                $0.action = located("login")
                $0.payload = located(["firewallPolicyEvaluation": false] as JSONValue)
            }
        ]
        let result = try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: handlers, environment: TestEnvironment(), sdk: sdk)
        return result.step.json["callbacks"]?.arrayValue?.first?["input"] ?? .null
    }

    /// The message of the failing token command, as the client error.
    static let failedCommand = "command 'false' failed with exit status 1"
}

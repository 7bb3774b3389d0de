import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// What each SDK profile posts where the SDKs disagree, on the repository's callback fixtures,
/// and the headers of its authenticate requests. A profile is picked by its name, as a
/// conformance test over the SDKs' own fixtures picks it.
@Suite struct SDKProfileTests {
    /// Answers the fixture's step with `handlers` as the profile named `sdk` would (none: journey's own).
    static func posted(
        _ path: String, sdk name: String?, _ handlers: [HandlerSpec], callback position: Int = 0
    ) async throws -> [NameValue]? {
        let sdk = try name.map { try #require(SDKProfile(rawValue: $0)) }
        let answer = try await StepAnswerer.answer(
            try Fixtures.step(path), stepNumber: 1, handlers: handlers, environment: TestEnvironment(), sdk: sdk)
        return answer.step.callbacks[position].input
    }

    static let echo = handler(nil) { $0.echo = located(true) }

    struct Case: Sendable, CustomTestStringConvertible {
        var sdk: String?
        var expected: JSONValue
        var testDescription: String { "\(sdk ?? "no profile") posts \(expected.compactJSON)" }
    }

    @Test(
        "a ChoiceCallback left alone: forgerock-ios posts the default as text, the Ping SDKs as an integer",
        arguments: [
            Case(sdk: nil, expected: ""), Case(sdk: "forgerock-ios", expected: "0"), Case(sdk: "ping-ios", expected: 0),
            Case(sdk: "ping-android", expected: 0), Case(sdk: "forgerock-android", expected: ""),
            Case(sdk: "forgerock-js", expected: ""),
        ])
    func choiceLeftAlone(_ test: Case) async throws {
        let inputs = try await Self.posted("callbacks/ChoiceCallback.json", sdk: test.sdk, [Self.echo])
        #expect(inputs?.first?.value == test.expected)
    }

    @Test("a ChoiceCallback chosen is an integer in every profile", arguments: SDKProfile.names)
    func choiceChosen(_ sdk: String) async throws {
        let choose = handler("ChoiceCallback") { $0.choose = located(.label("SMS")) }
        let inputs = try await Self.posted("callbacks/ChoiceCallback.json", sdk: sdk, [choose])
        #expect(inputs?.first?.value == .int(1))
    }

    @Test(
        "a HiddenValueCallback left alone: the Ping SDKs post its value output, the ForgeRock SDKs the input as received",
        arguments: [
            Case(sdk: nil, expected: "jwt"), Case(sdk: "ping-ios", expected: "67e50231-c646-4a74-9b5d-2022a3e6f8d6"),
            Case(sdk: "ping-android", expected: "67e50231-c646-4a74-9b5d-2022a3e6f8d6"),
            Case(sdk: "forgerock-ios", expected: "jwt"), Case(sdk: "forgerock-android", expected: "jwt"),
            Case(sdk: "forgerock-js", expected: "jwt"),
        ])
    func hiddenValueLeftAlone(_ test: Case) async throws {
        let inputs = try await Self.posted("callbacks/HiddenValueCallback.json", sdk: test.sdk, [Self.echo])
        #expect(inputs?.first?.value == test.expected)
    }

    @Test(
        "a reCAPTCHA Enterprise payload: forgerock-js posts the object, the others JSON text",
        arguments: [
            Case(sdk: nil, expected: #"{"firewallPolicyEvaluation":false}"#),
            Case(sdk: "forgerock-js", expected: ["firewallPolicyEvaluation": false]),
            Case(sdk: "ping-ios", expected: #"{"firewallPolicyEvaluation":false}"#),
            Case(sdk: "ping-android", expected: #"{"firewallPolicyEvaluation":false}"#),
            Case(sdk: "forgerock-ios", expected: #"{"firewallPolicyEvaluation":false}"#),
            Case(sdk: "forgerock-android", expected: #"{"firewallPolicyEvaluation":false}"#),
        ])
    func reCaptchaPayload(_ test: Case) async throws {
        let answer = handler("ReCaptchaEnterpriseCallback") {
            $0.token = text("token-value")
            $0.payload = located(["firewallPolicyEvaluation": false])
        }
        let inputs = try await Self.posted("callbacks/ReCaptchaEnterpriseCallback.json", sdk: test.sdk, [answer])
        #expect(inputs?.first(where: { $0.name == "IDToken1payload" })?.value == test.expected)
    }

    @Test("forgerock-ios posts only the reCAPTCHA Enterprise inputs the app set; ping-android all four")
    func reCaptchaInputs() async throws {
        let answer = handler("ReCaptchaEnterpriseCallback") { $0.token = text("token-value") }
        let path = "callbacks/ReCaptchaEnterpriseCallback.json"
        let ios = try #require(try await Self.posted(path, sdk: "forgerock-ios", [answer]))
        #expect(ios.map(\.name) == ["IDToken1token", "IDToken1action"])
        let android = try #require(try await Self.posted(path, sdk: "ping-android", [answer]))
        #expect(
            android.map(\.value) == [.string("token-value"), .string("login"), .string(""), .string("{}")])
    }

    @Test(
        "a NumberAttributeInputCallback: the Ping SDKs and forgerock-android post a double",
        arguments: [
            Case(sdk: nil, expected: 42), Case(sdk: "ping-ios", expected: .double(42)),
            Case(sdk: "ping-android", expected: .double(42)), Case(sdk: "forgerock-android", expected: .double(42)),
            Case(sdk: "forgerock-ios", expected: 42), Case(sdk: "forgerock-js", expected: 42),
        ])
    func numberType(_ test: Case) async throws {
        let answer = handler("NumberAttributeInputCallback") { $0.value = literal(42) }
        let inputs = try await Self.posted("callbacks/NumberAttributeInputCallback.json", sdk: test.sdk, [answer])
        let value = try #require(inputs?.first(where: { $0.name == "IDToken1" })?.value)
        switch (value, test.expected) {
        case (.double(let posted), .double(let expected)): #expect(posted == expected)
        case (.int(let posted), .int(let expected)): #expect(posted == expected)
        default: Issue.record("posted \(value.compactJSON), expected \(test.expected.compactJSON) (JSON types differ)")
        }
    }

    @Test("a callback type the SDK has no class for fails the step, naming the SDK and the type")
    func unanswerable() throws {
        let step = try Fixtures.step("callbacks/DeviceBindingCallback.json")
        let failures = SDKProfileSupport.failures(in: step, sdk: .forgeRockJS, stepNumber: 3)
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("forgerock-js has no class for DeviceBindingCallback") == true)
        #expect(failures.first?.step == 3)
        #expect(SDKProfileSupport.failures(in: step, sdk: .forgeRockAndroid, stepNumber: 3).isEmpty)
        #expect(SDKProfileSupport.failures(in: step, sdk: nil, stepNumber: 3).isEmpty)
    }

    @Test("each profile's authenticate headers, as its SDK spells them", arguments: SDKProfile.allCases)
    func headers(_ sdk: SDKProfile) {
        let headers = sdk.authenticateHeaders(inAdviceJourney: false)
        let expected: [String: (apiVersion: String, with: String, platform: String?)] = [
            "ping-ios": ("resource=2.1, protocol=1.0", "ping-sdk", "ios"),
            "ping-android": ("resource=2.1, protocol=1.0", "ping-sdk", "android"),
            "forgerock-ios": ("resource=2.1,protocol=1.0", "forgerock-sdk", "ios"),
            "forgerock-android": ("resource=2.1, protocol=1.0", "forgerock-sdk", "android"),
            "forgerock-js": ("protocol=1.0,resource=2.1", "forgerock-sdk", nil),
        ]
        let want = expected[sdk.rawValue]
        #expect(headers.value("Accept-API-Version") == want?.apiVersion)
        #expect(headers.value("X-Requested-With") == want?.with)
        #expect(headers.value("X-Requested-Platform") == want?.platform)
    }

    @Test("a name that is no profile gets the closest one")
    func badName() {
        guard case .failure(let error) = SDKProfile.named("forgerock-io") else {
            Issue.record("forgerock-io read as a profile")
            return
        }
        #expect(error.description.contains("did you mean 'forgerock-ios'?"))
        #expect(SDKProfile.named("forgerock-ios") == .success(.forgeRockIOS))
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// journey's answers against the Ping SDKs' own unit-test assertions (`Tests/Fixtures/sdk`,
/// docs/protocols/sdk-differences.md). Without a profile journey answers as ping-ios, so every
/// ping-ios fixture must come out as that SDK posts it. With `--sdk` profiles, the same check runs
/// per profile: `SDKFixture.all(sdk:)` of each SDK, answered with the profile named `fixture.sdk`
/// (only `check` needs the profile passed to the answer pipeline).
@Suite struct SDKConformanceTests {
    /// The SDK journey follows without a profile.
    static let noProfileSDK = "ping-ios"
    static let allSDKs = ["ping-ios", "ping-android", "forgerock-ios", "forgerock-android", "forgerock-js"]

    /// Fixtures journey does not match yet, by file name, with the mismatch (issue 38). An entry
    /// whose mismatch is fixed makes `withKnownIssue` fail: remove it then.
    static let knownIssues: [String: String] = {
        var issues: [String: String] = [:]
        func add(_ mismatch: String, _ names: String...) { for name in names { issues[name] = mismatch } }
        add(
            "keep the rest as received: validateOnly alone is refused ('needs value') instead of keeping the value",
            "NumberAttributeInputCallback-validate-only-keeps-value.json",
            "StringAttributeInputCallback-validate-only-keeps-value.json")
        add(
            "reCAPTCHA token alone: ping-ios's setToken leaves the action as received, journey writes action 'login'",
            "ReCaptchaEnterpriseCallback-token.json")
        add(
            "defaultText: with nothing typed ping-ios posts defaultText, journey keeps the received input",
            "TextInputCallback-nothing-set-default-text.json")
        add(
            "value output: with nothing set ping-ios posts the value output, journey keeps the received input",
            "HiddenValueCallback-nothing-set-value-output.json", "HiddenValueCallback-nothing-set-value-output-1.json",
            "HiddenValueCallback-nothing-set-value-output-2.json",
            "BooleanAttributeInputCallback-nothing-set-value-output.json")
        add(
            "ping-ios leaves a TextOutputCallback of messageType 4 or unknown out of the request; journey posts it",
            "TextOutputCallback-script-left-out.json", "TextOutputCallback-unknown-left-out.json")
        add(
            "deliberate: journey answers WebAuthn metadata as a passkey step; the SDK test uses MetadataCallback alone",
            "MetadataCallback-as-received.json")
        return issues
    }()

    @Test(arguments: SDKFixture.all(sdk: noProfileSDK))
    func withoutAProfileJourneyPostsWhatPingIOSPosts(_ fixture: SDKFixture) async throws {
        if let issue = Self.knownIssues[fixture.name] {
            await withKnownIssue(Comment(rawValue: issue)) { try await Self.check(fixture) }
        } else {
            try await Self.check(fixture)
        }
    }

    /// Every SDK's fixtures read (a malformed file would silently drop out of the runs above).
    @Test(arguments: allSDKs)
    func everyFixtureReadsAndNamesItsSource(_ sdk: String) throws {
        let folder = Repository.fixtures.appendingPathComponent("sdk/\(sdk)")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }
        let fixtures = SDKFixture.all(sdk: sdk)
        #expect(fixtures.map(\.name) == files.sorted())
        for fixture in fixtures {
            #expect(!fixture.sourceTest.isEmpty, "\(fixture.name) names no test")
            #expect(fixture.name.hasPrefix(fixture.type + "-"), "\(fixture.name) is not named after its type")
        }
    }

    /// Answers the fixture's callback with the handler its action describes and compares what
    /// journey posts with what the SDK posts.
    static func check(_ fixture: SDKFixture) async throws {
        let step = try #require(fixture.step)
        let result = try await answer(step, fixture.handlers)
        #expect(result.unhandled.isEmpty, "journey left \(fixture.type) unanswered")
        let callbacks = result.step.json["callbacks"]?.arrayValue ?? []
        switch fixture.posted {
        case .inputs(let expected):
            let posted = callbacks.first?["input"] ?? .null
            #expect(sdkEqual(posted, expected), "journey posts \(posted), the SDK posts \(expected)")
        case .asReceived:
            #expect(callbacks.count == 1 && callbacks.first.map { sdkEqual($0, fixture.received) } == true)
        case .omitted:
            #expect(callbacks.isEmpty, "the SDK leaves \(fixture.type) out of the request; journey posts it")
        }
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// journey's answers against the Ping SDKs' own unit-test assertions (`Tests/Fixtures/sdk`,
/// docs/protocols/sdk-differences.md). Without a profile journey answers as ping-ios, so every
/// ping-ios fixture must come out as that SDK posts it, but for the deliberate `knownIssues`. With
/// `--sdk` profiles, the same check runs per profile: `SDKFixture.all(sdk:)` of each SDK, passed
/// to `check` with its profile (the ping-ios and ping-android ones in
/// SDKConformanceTests+PingIOS.swift and SDKConformanceTests+PingAndroid.swift).
@Suite struct SDKConformanceTests {
    /// The SDK journey follows without a profile.
    static let noProfileSDK = "ping-ios"
    static let allSDKs = ["ping-ios", "ping-android", "forgerock-ios", "forgerock-android", "forgerock-js"]

    /// Fixtures journey does not match without a profile, by file name, with the reason (issue 38).
    /// An entry whose mismatch is fixed makes `withKnownIssue` fail: remove it then.
    static let knownIssues: [String: String] = {
        var issues: [String: String] = [:]
        func add(_ mismatch: String, _ names: String...) { for name in names { issues[name] = mismatch } }
        add(
            "deliberate: without a profile journey posts every callback it received (docs/decisions.md); ping-ios leaves a TextOutputCallback of messageType 4 or unknown out, as --sdk ping-ios does",
            "TextOutputCallback-script-left-out.json", "TextOutputCallback-unknown-left-out.json")
        add(
            "deliberate: journey answers WebAuthn metadata as a passkey step; the SDK test uses MetadataCallback alone",
            "MetadataCallback-as-received.json")
        return issues
    }()

    /// Without a profile a script says "set only this, the rest as the SDK pre-fills it" with
    /// `keep: true` (docs/format.md), so each fixture's handler keeps the rest.
    @Test(arguments: SDKFixture.all(sdk: noProfileSDK))
    func withoutAProfileJourneyPostsWhatPingIOSPosts(_ fixture: SDKFixture) async throws {
        let handlers = fixture.handlersKeepingTheRest
        if let issue = Self.knownIssues[fixture.name] {
            await withKnownIssue(Comment(rawValue: issue)) { try await Self.check(fixture, handlers: handlers) }
        } else {
            try await Self.check(fixture, handlers: handlers)
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
    /// With `sdk`, answered as that profile; `handlers` replace the fixture's own.
    static func check(_ fixture: SDKFixture, sdk: SDKProfile? = nil, handlers: [HandlerSpec]? = nil) async throws {
        let step = try #require(fixture.step)
        let result = try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: handlers ?? fixture.handlers, environment: TestEnvironment(), sdk: sdk)
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

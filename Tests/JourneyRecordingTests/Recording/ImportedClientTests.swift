import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// `journey import` writes `client: { sdk: … }`: the profile a recording states, or a guess
/// from the start request's headers, with a comment saying which.
@Suite struct ImportedClientTests {
    struct Guess: Sendable, CustomTestStringConvertible {
        var headers: [HeaderField]
        var sdk: SDKProfile?
        var testDescription: String { "\(headers.map { "\($0.name): \($0.value)" }) → \(sdk?.rawValue ?? "none")" }
    }

    @Test(
        "the SDK is guessed from X-Requested-With, X-Requested-Platform and Accept-API-Version",
        arguments: [
            Guess(
                headers: [.init("x-requested-with", "ping-sdk"), .init("x-requested-platform", "ios")], sdk: .pingIOS),
            Guess(
                headers: [.init("X-Requested-With", "ping-sdk"), .init("X-Requested-Platform", "android")],
                sdk: .pingAndroid),
            Guess(
                headers: [.init("x-requested-with", "forgerock-sdk"), .init("x-requested-platform", "ios")],
                sdk: .forgeRockIOS),
            Guess(
                headers: [.init("x-requested-with", "forgerock-sdk"), .init("x-requested-platform", "android")],
                sdk: .forgeRockAndroid),
            Guess(
                headers: [
                    .init("X-Requested-With", "forgerock-sdk"),
                    .init("Accept-API-Version", "protocol=1.0,resource=2.1"),
                ],
                sdk: .forgeRockJS),
            Guess(
                headers: [.init("X-Requested-With", "forgerock-sdk"), .init("X-Requested-Platform", "javascript")],
                sdk: .forgeRockJS),
            // journey's own headers without a profile, and a client that says nothing, fit no SDK.
            Guess(
                headers: [
                    .init("X-Requested-With", "forgerock-sdk"),
                    .init("Accept-API-Version", "resource=2.1, protocol=1.0"),
                ],
                sdk: nil),
            Guess(headers: [.init("Accept-API-Version", "resource=2.1, protocol=1.0")], sdk: nil),
            Guess(headers: [.init("x-requested-with", "ping-sdk"), .init("x-requested-platform", "tvos")], sdk: nil),
        ])
    func guess(_ case: Guess) {
        #expect(ImportedClient.guess(`case`.headers)?.sdk == `case`.sdk)
    }

    @Test("every profile's own headers are guessed back as that profile", arguments: SDKProfile.allCases)
    func ownHeaders(_ sdk: SDKProfile) {
        #expect(ImportedClient.guess(sdk.authenticateHeaders(inAdviceJourney: false))?.sdk == sdk)
    }

    @Test("a Chrome capture of the JavaScript SDK imports with client.sdk forgerock-js, saying why")
    func chromeCapture() throws {
        let recording = try Recording.load(path: RecordingSupport.fixture("chrome-am-login.har"))
        let script = try ScriptImporter.script(from: recording)
        #expect(script.contains("client: {sdk: forgerock-js}"))
        #expect(
            script.contains(
                "# client.sdk: forgerock-js, guessed from the start request's X-Requested-With: forgerock-sdk, Accept-API-Version: protocol=1.0,resource=2.1."
            ))
    }

    @Test("a Polly.js recording whose headers fit no SDK imports without client")
    func pollyRecording() throws {
        let recording = try Recording.load(path: RecordingSupport.fixture("polly-am-login.har"))
        let script = try ScriptImporter.script(from: recording)
        #expect(!script.contains("client: {sdk") && !script.contains("client.sdk"))
    }
}

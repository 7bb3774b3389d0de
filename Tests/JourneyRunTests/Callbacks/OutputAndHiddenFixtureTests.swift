import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Output-only callbacks are echoed untouched; HiddenValueCallback echoes or takes a value.
@Suite struct OutputAndHiddenFixtureTests {
    @Test(arguments: [
        "callbacks/TextOutputCallback.json", "callbacks/MetadataCallback.json",
        "callbacks/SuspendedTextOutputCallback.json", "callbacks/PollingWaitCallback.json",
        "callbacks/RedirectCallback.json", "callbacks/mfa/recovery-codes-display.json",
    ])
    func outputOnlyCallbacksAreEchoed(path: String) async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(try Fixtures.step(path), [])
        #expect(result.step.json == json)
        #expect(result.unhandled.isEmpty)
        #expect(result.callbacks.allSatisfy { $0.answeredBy == "built-in: echo" })
    }

    @Test func explicitEchoHandlerIsNamed() async throws {
        let path = "callbacks/TextOutputCallback.json"
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("TextOutputCallback", line: 4) { $0.echo = located(true) }
            ])
        #expect(result.step.json == (try Fixtures.json(path)))
        #expect(result.callbacks[0].answeredBy == "handler #1 (TextOutputCallback) at test.yaml:4:3")
    }

    @Test func valueOnAnOutputCallbackIsAnError() async throws {
        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step("callbacks/RedirectCallback.json"),
                [
                    handler("RedirectCallback") { $0.value = text("x") }
                ])
        }
    }

    @Test func pollingWaitNotesTheWait() async throws {
        let result = try await answer(try Fixtures.step("callbacks/PollingWaitCallback.json"), [])
        #expect(result.note(0, "waitTime") == "8000 ms")
        #expect(result.exitPolling == false)
    }

    @Test func hiddenValueEchoedByDefault() async throws {
        let path = "callbacks/HiddenValueCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(try Fixtures.step(path), [])
        #expect(result.step.json == json)
        #expect(result.callbacks[0].answeredBy == "built-in: echo hidden value")
    }

    static let hiddenValueCases: [FixtureCase] = [
        FixtureCase(
            testDescription: "a hidden value by its hidden id", path: "callbacks/HiddenValueCallback.json",
            handlers: [
                handler(nil, matching: { $0.hiddenId = TextPattern(exact: "jwt") }) {
                    $0.value = text("eyJhbGciOi.x.y")
                }
            ],
            setting: [(0, "IDToken1", "eyJhbGciOi.x.y")]),
        FixtureCase(
            testDescription: "a hidden value by type", path: "callbacks/mfa/oath-registration-qr.json",
            handlers: [
                handler("HiddenValueCallback") { $0.value = text("seen") },
                handler("ConfirmationCallback", line: 2) { $0.choose = located(.label("Next")) },
            ],
            setting: [(2, "IDToken3", "seen"), (3, "IDToken4", 0)]),
    ]

    @Test(arguments: hiddenValueCases)
    func hiddenValueIsAnswered(_ example: FixtureCase) async throws {
        try await example.check()
    }

}

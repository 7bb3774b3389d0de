import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// An output-only callback type that nonetheless carries an input is echoed, inputs as received,
/// as ping-ios's TextOutputCallback posts its JSON untouched (Journey/JourneyTests/Callbacks/
/// TextOutputCallbackTests.swift, testPayloadStructurePreservation).
@Suite struct OutputCallbackWithInputTests {
    let path = "callbacks/TextOutputCallback--with-input.json"

    @Test func isEchoedWithoutAHandler() async throws {
        let result = try await answer(try Fixtures.step(path), [])
        #expect(result.unhandled.isEmpty)
        #expect(result.step.json == (try Fixtures.json(path)))
        #expect(result.callbacks[0].answeredBy == "built-in: echo")
    }

    @Test func aHandlerWithoutATypeLeavesItAlone() async throws {
        let result = try await answer(
            try Fixtures.step(path), [handler(nil, matching: { $0.step = 1 }, answer: { $0.value = text("x") })])
        #expect(result.step.json == (try Fixtures.json(path)))
        #expect(result.callbacks[0].answeredBy == "built-in: echo")
    }

    @Test func aHandlerMayStillSetItsInput() async throws {
        let result = try await answer(
            try Fixtures.step(path), [handler("TextOutputCallback") { $0.value = text("seen") }])
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "IDToken1", "seen")]))
    }

    /// A type of this product's own (answered like a custom one) is not output-only: it needs a handler.
    @Test func aCustomTypeWithAnInputStillNeedsAHandler() async throws {
        let result = try await answer(try Fixtures.step("callbacks/CustomCallback--only.json"), [])
        #expect(result.unhandled.count == 1)
    }
}

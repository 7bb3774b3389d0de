import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Inputs not named `IDToken<N>`. ping-ios fills a callback's inputs by position
/// (JourneyPlugin/JourneyPlugin/AbstractCallback.swift, `input(_:)`); its NameCallback test reads
/// the posted name from the first input (Journey/JourneyTests/Callbacks/NameCallbackTests.swift,
/// testPayloadReturnsInputNameCorrectly).
@Suite struct InputNamesTests {
    let path = "callbacks/NameCallback--input-not-IDToken.json"

    /// The handlers of a script's `handlers:` block, loaded and compiled as `journey run` does.
    func handlers(_ yaml: String) throws -> [HandlerSpec] {
        let script = try #require(
            LoaderTestSupport.load("version: 1\nname: Inputs\njourney: Login\nhandlers:\n" + yaml))
        return try JourneyCompiler.compile(script).handlers
    }

    @Test func theValueGoesIntoTheFirstInputWhenNoneIsNamedIDToken() async throws {
        let result = try await answer(
            try Fixtures.step(path), [handler("NameCallback") { $0.value = text("John Doe") }])
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "username", "John Doe")]))
    }

    /// `input:` names the input the main answer goes into, in full or by suffix.
    @Test func aHandlerNamesTheInputItSets() async throws {
        var step = try Fixtures.step(path)
        step.callbacks[0].input = [NameValue(name: "realm", value: ""), NameValue(name: "username", value: "")]
        let result = try await answer(step, try handlers("  NameCallback: { value: John Doe, input: username }"))
        #expect(
            result.step.callbacks[0].input == [
                NameValue(name: "realm", value: ""), NameValue(name: "username", value: "John Doe"),
            ])
    }

    @Test func aChoiceGoesIntoTheNamedInput() async throws {
        let json = try Fixtures.json("callbacks/ChoiceCallback.json")
        var step = try #require(AMStep(json: json))
        let original = try #require(step.callbacks[0].input?.first)
        step.callbacks[0].input = [NameValue(name: "choice", value: original.value)]
        let result = try await answer(step, try handlers("  ChoiceCallback: { choose: 1, input: choice }"))
        #expect(result.step.callbacks[0].input == [NameValue(name: "choice", value: 1)])
    }

    @Test func anInputTheCallbackDoesNotHaveIsAnError() async throws {
        let hs = try handlers("  NameCallback: { value: x, input: login }")
        await #expect(throws: RunError.self) { try await answer(try Fixtures.step(path), hs) }
    }
}

import Foundation
import JourneyCore
import Testing

@testable import JourneyRun

/// Inputs not named `IDToken<N>`. ping-ios fills a callback's inputs by position
/// (JourneyPlugin/JourneyPlugin/AbstractCallback.swift, `input(_:)`); its NameCallback test reads
/// the posted name from the first input (Journey/JourneyTests/Callbacks/NameCallbackTests.swift,
/// testPayloadReturnsInputNameCorrectly).
@Suite struct InputNamesTests {
    let path = "callbacks/NameCallback--input-not-IDToken.json"

    @Test func theValueGoesIntoTheFirstInputWhenNoneIsNamedIDToken() async throws {
        let result = try await answer(
            try Fixtures.step(path), [handler("NameCallback") { $0.value = text("John Doe") }])
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "username", "John Doe")]))
    }
}

import JourneyCore
import Testing

@testable import JourneyRecording

/// What a replay takes for a placeholder (`«password»`) when it compares input values.
@Suite struct InputValuesTests {
    @Test(arguments: ["«password»", "«x»", "«recaptcha-token»"])
    func aWholePlaceholderIsOne(text: String) {
        #expect(Placeholder.isWhole(text))
    }

    @Test(arguments: ["", "«»", "«", "»", "password", "«code»@example.com", "x«code»", "«code", "code»"])
    func anythingElseIsNot(text: String) {
        #expect(!Placeholder.isWhole(text))
    }

    @Test func valuesMatchWhenEqualOrEitherIsAPlaceholder() {
        #expect(InputValues.match("secret", "«password»"))
        #expect(InputValues.match("«password»", "secret"))
        #expect(InputValues.match("a", "a"))
        #expect(!InputValues.match("a", "b"))
    }
}

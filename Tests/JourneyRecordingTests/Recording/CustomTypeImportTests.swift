import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyRecording

/// An imported script answers a custom callback type by input name, which declares the type:
/// a `value:` alone would leave it an unknown type, an error (docs/format.md, custom callback types).
@Suite struct CustomTypeImportTests {
    @Test func aCustomTypeWithOneInputIsAnsweredByName() {
        let callback = AMCallback(
            type: "MyCustomCallback", output: [NameValue(name: "prompt", value: "Colour")],
            input: [NameValue(name: "IDToken1", value: "blue")])
        var builder = ScriptImporter.Builder(journey: RecordedJourney(exchanges: []))
        #expect(builder.answer(callback, callback).map(\.0) == ["inputs"])
    }
}

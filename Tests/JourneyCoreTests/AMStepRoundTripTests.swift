import Foundation
import JourneyCore
import Testing

/// A step read into `AMStep` and written back is the body AM sent: the runner echoes members
/// it does not know (AM checks the echo), at the step, callback and name/value level.
@Suite struct AMStepRoundTripTests {
    @Test func everyRecordedStepRoundTrips() throws {
        var steps = 0
        for kind in ["responses", "callbacks"] {
            let folder = JSONValueTests.fixtures.appendingPathComponent(kind)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
                let json = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
                guard let step = AMStep(json: json) else { continue }
                steps += 1
                var echoed = step.json.objectValue ?? [:]
                // AM 6.5.2 sends the stage in a MetadataCallback; the step carries it as `stage` too.
                if json["stage"] == nil { echoed["stage"] = nil }
                #expect(JSONValue.object(echoed) == json, "\(kind)/\(name)")
            }
        }
        #expect(steps > 40)
    }

    @Test func unknownMembersAreKeptAtEveryLevel() throws {
        let text = #"""
            {"authId": "a", "status": 7, "callbacks": [{"type": "NameCallback", "_id": 0, "rank": "x",
             "output": [{"name": "prompt", "value": "User", "hint": true}], "input": [{"name": "IDToken1", "value": ""}]}]}
            """#
        let json = try JSONValue.parse(Data(text.utf8))
        let step = try #require(AMStep(json: json))
        #expect(step.extra == ["status": .int(7)])
        #expect(step.callbacks.first?.extra == ["rank": .string("x")])
        #expect(step.callbacks.first?.output.first?.extra == ["hint": .bool(true)])
        #expect(step.callbacks.first?.input?.first?.extra == [:])
        #expect(step.json == json)
    }
}

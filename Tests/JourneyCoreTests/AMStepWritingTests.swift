import Foundation
import JourneyCore
import Testing

/// `AMStep.encodedJSON` writes a continue request straight from the step: the bytes are those
/// of `json.encoded` for every recorded step, with answers in its inputs and unknown members.
@Suite struct AMStepWritingTests {
    static func recordedSteps() throws -> [(String, AMStep)] {
        var steps: [(String, AMStep)] = []
        for kind in ["responses", "callbacks"] {
            let folder = JSONValueTests.fixtures.appendingPathComponent(kind)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
                let json = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
                if let step = AMStep(json: json) { steps.append(("\(kind)/\(name)", step)) }
            }
        }
        return steps
    }

    @Test func everyRecordedStepIsWrittenAsItsJSON() throws {
        let steps = try Self.recordedSteps()
        #expect(steps.count > 40)
        for (name, step) in steps {
            #expect(step.encodedJSON == step.json.encoded, "\(name)")
        }
    }

    @Test func answeredInputsAndEscapesAreWrittenAsTheJSONIs() throws {
        let answers: [JSONValue] = [
            .string("quote \" backslash \\ newline \n tab \t control \u{01} é 🙂"), .int(-3), .double(2.5),
            .bool(true), .null, .array([.string("a"), .int(1)]), .object(["b": .string("c"), "a": .null]),
        ]
        for (name, recorded) in try Self.recordedSteps() {
            for answer in answers {
                var step = recorded
                for index in step.callbacks.indices {
                    step.callbacks[index].input = step.callbacks[index].input.map { inputs in
                        inputs.map { NameValue(name: $0.name, value: answer) }
                    }
                }
                step.header = "a \"header\""
                #expect(step.encodedJSON == step.json.encoded, "\(name) with \(answer.compactJSON)")
            }
        }
    }

    @Test func unknownMembersAtEveryLevelAreWrittenAsTheJSONIs() throws {
        let text = #"""
            {"authId": "a", "callbacks": [{"type": "NameCallback", "_id": 0, "rank": "x",
             "output": [{"name": "prompt", "value": "User", "hint": true}], "input": [{"name": "IDToken1", "value": ""}]},
             {"type": "PasswordCallback", "output": [{"name": "prompt", "value": "Password", "z": 1}]}]}
            """#
        var step = try #require(AMStep(json: try JSONValue.parse(Data(text.utf8))))
        #expect(step.encodedJSON == step.json.encoded)
        step.extra = ["status": .int(7), "zz": .string("last")]
        #expect(step.encodedJSON == step.json.encoded)
        step.callbacks = []
        step.stage = "Stage"
        step.description = "Description"
        #expect(step.encodedJSON == step.json.encoded)
    }
}

import Foundation
import JourneyCore
import Testing

/// `AMWireCheck`: every member the runner reads must have its type; real answers pass.
@Suite struct AMWireCheckTests {
    static func problem(_ text: String, status: Int = 200) throws -> String? {
        AMWireCheck.problem(status: status, json: try JSONValue.parse(text))
    }

    @Test func everyRecordedAnswerPasses() throws {
        for kind in ["responses", "callbacks"] {
            let folder = JSONValueTests.fixtures.appendingPathComponent(kind)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(!names.isEmpty)
            for name in names {
                let json = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
                let status = json["code"]?.intValue ?? 200
                #expect(AMWireCheck.problem(status: status, json: json) == nil, "\(kind)/\(name)")
            }
        }
    }

    @Test func wrongTypesAreNamed() throws {
        #expect(try Self.problem(#"{"tokenId": 12345}"#) == "tokenId is a number, not a string")
        #expect(try Self.problem(#"{"authId": 7, "callbacks": []}"#) == "authId is a number, not a string")
        #expect(try Self.problem(#"{"authId": "a", "callbacks": "x"}"#) == "callbacks is a string, not an array")
        #expect(try Self.problem(#"{"authId": "a", "stage": ["x"]}"#) == "stage is an array, not a string")
        #expect(try Self.problem(#"{"authId": "a", "callbacks": [3]}"#) == "callbacks[0] is a number, not an object")
        #expect(try Self.problem(#"{"authId": "a", "callbacks": [{"output": []}]}"#) == "callbacks[0] has no type")
        #expect(
            try Self.problem(#"{"authId": "a", "callbacks": [{"type": "NameCallback", "output": {}}]}"#)
                == "callbacks[0].output is an object, not an array")
        #expect(
            try Self.problem(#"{"authId": "a", "callbacks": [{"type": "NameCallback", "input": [{"name": 1}]}]}"#)
                == "callbacks[0].input[0].name is a number, not a string")
        #expect(
            try Self.problem(#"{"code": 401, "reason": "Unauthorized", "message": false}"#, status: 401)
                == "message is a boolean, not a string")
    }

    @Test func absentAndNullMembersAreAllowed() throws {
        #expect(try Self.problem(#"{"successUrl": "/am/console", "realm": "/"}"#) == nil)
        #expect(
            try Self.problem(#"{"authId": "a", "header": null, "callbacks": [{"type": "TextOutputCallback"}]}"#) == nil)
    }
}

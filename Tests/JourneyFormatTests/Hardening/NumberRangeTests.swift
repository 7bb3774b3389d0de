import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// Every number the script format accepts has a range, in lint and in the schema (issue 16, item 1).
@Suite struct NumberRangeTests {
    @Test func everyNumberOfTheSchemaHasARange() throws {
        let url = LoaderTestSupport.repositoryRoot.appendingPathComponent("schemas/journey.schema.json")
        let schema = try JSONValue.parse(try Data(contentsOf: url))
        var unbounded: [String] = []
        func walk(_ node: JSONValue, _ path: String) {
            if let object = node.objectValue {
                if let type = object["type"]?.stringValue, type == "integer" || type == "number" {
                    let low = object["minimum"] ?? object["exclusiveMinimum"]
                    if low == nil || object["maximum"] == nil { unbounded.append(path) }
                }
                for (key, value) in object { walk(value, "\(path)/\(key)") }
            } else if let items = node.arrayValue {
                for (index, item) in items.enumerated() { walk(item, "\(path)/\(index)") }
            }
        }
        walk(schema, "")
        #expect(unbounded.isEmpty, "numbers without a range: \(unbounded.sorted())")
    }

    @Test(arguments: [
        ("server: { timeout: 1e308 }", "server.timeout must be more than 0 and at most 3600 seconds (1h), found 1e308"),
        ("server: { timeout: 3601 }", "server.timeout must be more than 0 and at most 3600 seconds (1h), found 3601"),
        ("server: { timeout: 61m }", "server.timeout must be more than 0 and at most 3600 seconds (1h), found 61m"),
        ("limits: { maxSteps: 10001 }", "limits.maxSteps must be between 1 and 10000, found 10001"),
        ("limits: { maxPolls: 0 }", "limits.maxPolls must be between 1 and 10000, found 0"),
        (
            "vars: { t: { command: [x], timeout: 600001 } }",
            "timeout (milliseconds) must be between 1 and 600000, found 600001"
        ),
    ])
    func aNumberOutsideItsRangeIsAnError(line: String, message: String) {
        let text = "version: 1\nname: n\njourney: Login\n\(line)\n"
        let messages = ScriptLoader.lint(text: text, file: "n.yaml").diagnostics.map(\.message)
        #expect(messages.contains(message), "\(messages)")
    }

    @Test func theLimitsThemselvesAreAccepted() {
        let text = "version: 1\nname: n\njourney: Login\nserver: { timeout: 1h }\nlimits: { maxSteps: 10000 }\n"
        #expect(ScriptLoader.lint(text: text, file: "n.yaml").script != nil)
    }
}

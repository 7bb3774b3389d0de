import Foundation
import JourneyTestSupport
import Testing

@testable import JourneyCore

@Suite("Report formatting")
struct ReportFormattingTests {
    @Test func durations() {
        #expect(ReportTime.milliseconds(0.0123) == "12.3 ms")
        #expect(ReportTime.short(0.041) == "41 ms")
        #expect(ReportTime.short(1.254) == "1.25 s")
        #expect(ReportTime.seconds(0.35) == "0.35 s")
        #expect(ReportTime.junitSeconds(1.2345) == "1.234" || ReportTime.junitSeconds(1.2345) == "1.235")
        #expect(ReportTime.junitSeconds(-1) == "0.000")
        #expect(ReportTime.junitSeconds(.infinity) == "0.000")
    }

    @Test func timestampsRoundToTheMillisecond() {
        let start = ReportFixtures.start
        #expect(ReportTime.iso8601(start) == "2025-02-19T21:20:00Z")
        #expect(
            ReportTime.iso8601(start.addingTimeInterval(0.05), fractionalSeconds: true) == "2025-02-19T21:20:00.050Z")
        #expect(
            ReportTime.iso8601(start.addingTimeInterval(0.3), fractionalSeconds: true) == "2025-02-19T21:20:00.300Z")
        #expect(
            ReportTime.iso8601(start.addingTimeInterval(59.9996), fractionalSeconds: true) == "2025-02-19T21:21:00.000Z"
        )
    }

    @Test func jsonWriterLayout() {
        let value: JSONValue = [
            "b": [], "a": ["x": 1, "y": [true, nil]], "c": "«pw» \"q\" \\ \n\u{1}", "d": 0.041, "e": [:],
        ]
        let expected = """
            {
              "a": {
                "x": 1,
                "y": [
                  true,
                  null
                ]
              },
              "b": [],
              "c": "«pw» \\"q\\" \\\\ \\n\\u0001",
              "d": 0.041,
              "e": {}
            }
            """
        #expect(JSONWriter.pretty(value) == expected)
        #expect(JSONWriter.pretty(.double(.nan)) == "null")
    }

    @Test func jsonWriterOutputParsesBack() throws {
        let value: JSONValue = ["s": "tab\there \u{2028} é 🙂", "n": -3, "d": 1e-7, "big": 1e300]
        let parsed = try JSONValue.parse(JSONWriter.pretty(value))
        #expect(parsed == value)
    }
}

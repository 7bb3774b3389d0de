import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A chosen option is shown by its label beside its index, and a callback no handler answered
/// is shown as not answered (never as an empty answer), in every report.
@Suite struct ChosenOptionReportTests {
    static let result: JourneyResult = {
        let unhandled = ExpectationFailure(
            "no handler for ChoiceCallback (prompt \"Channel\")\n  choices: 0 \"Email\", 1 \"SMS\" (default 0)",
            step: 2)
        return JourneyResult(
            name: "Second factor", file: "journeys/second-factor.yaml",
            steps: [
                StepTrace(
                    number: 1, kind: .callbacks, exchange: ReportFixtures.exchange(duration: 0.01),
                    callbacks: [
                        CallbackTrace(
                            type: "ChoiceCallback", prompt: "SecondFactorChoice",
                            answeredBy: "handler #1 (ChoiceCallback) at journeys/second-factor.yaml:8:3",
                            inputs: [InputTrace(name: "IDToken1", value: "1", redacted: false, label: "SMS")])
                    ]),
                StepTrace(
                    number: 2, kind: .callbacks, exchange: ReportFixtures.exchange(duration: 0.01, at: 0.02),
                    callbacks: [
                        CallbackTrace(
                            type: "ChoiceCallback", prompt: "Channel", answeredBy: nil, inputs: [], unanswered: true)
                    ], failures: [unhandled]),
            ],
            failures: [unhandled], startedAt: ReportFixtures.start, duration: 0.05)
    }()

    static var summary: RunSummary { RunSummary(results: [result], duration: 0.05) }

    @Test func console() {
        let text = ConsoleReporter().render(Self.result)
        #expect(text.contains("    ChoiceCallback \"SecondFactorChoice\" ← 1 (SMS)\n"))
        #expect(text.contains("    ChoiceCallback \"Channel\" (not answered)\n"))
        #expect(!text.contains("← \"\""))
        // A failure of several lines keeps its lines, under the step.
        #expect(
            text.contains(
                "    ✗ no handler for ChoiceCallback (prompt \"Channel\")\n      choices: 0 \"Email\", 1 \"SMS\" (default 0)"
            ))
    }

    @Test func json() throws {
        let document = try JSONValue.parse(JSONReport.render(Self.summary))
        let script = try #require(document["scripts"]?.arrayValue?.first)
        let steps = try #require(script["steps"]?.arrayValue)
        let chosen = try #require(steps[0]["callbacks"]?.arrayValue?.first)
        let input = try #require(chosen["inputs"]?.arrayValue?.first)
        #expect(input["label"]?.stringValue == "SMS")
        #expect(input["value"]?.stringValue == "1")
        #expect(chosen["unanswered"] == nil)
        let unanswered = try #require(steps[1]["callbacks"]?.arrayValue?.first)
        #expect(unanswered["unanswered"]?.boolValue == true)
        #expect(unanswered["inputs"]?.arrayValue?.isEmpty == true)
    }

    @Test func html() {
        let html = HTMLReport.render(Self.summary)
        #expect(html.contains("<span class=\"value\">1</span> <span class=\"label-of-value\">(SMS)</span>"))
        #expect(html.contains("<span class=\"unanswered\">not answered</span>"))
    }

    @Test func markdown() {
        let markdown = MarkdownReport.render(Self.summary)
        #expect(markdown.contains("ChoiceCallback (SecondFactorChoice) ← 1 (SMS)"))
        #expect(markdown.contains("ChoiceCallback (Channel) — not answered"))
    }

    @Test func junit() {
        let xml = JUnitReport.render(Self.summary)
        #expect(xml.contains("ChoiceCallback \"SecondFactorChoice\" ← 1 (SMS)"))
        #expect(xml.contains("ChoiceCallback \"Channel\" (not answered)"))
    }
}

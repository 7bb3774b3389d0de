import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A count of one reads `1 step`, `1 script`, in every report.
@Suite struct PluralInReportsTests {
    static let oneStep = JourneyResult(
        name: "One", file: "one.yaml",
        steps: [StepTrace(number: 1, kind: .end, exchange: ReportFixtures.exchange(duration: 0.01))],
        startedAt: ReportFixtures.start, duration: 0.01)

    @Test func oneStepAndOneScript() {
        let summary = RunSummary(results: [Self.oneStep], duration: 0.01)
        let html = HTMLReport.render(summary)
        #expect(html.contains("1 step · "))
        #expect(!html.contains("1 steps"))
        #expect(html.contains("<span class=\"n\">1</span> script</li>"))
        #expect(html.contains("<title>journey report: 1 script, "))
        let markdown = MarkdownReport.render(summary)
        #expect(markdown.contains("- 1 step · "))
        #expect(!markdown.contains("1 steps"))
    }
}

import Foundation
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

@Suite("Run summary")
struct RunSummaryTests {
    @Test func countsEachVerdict() {
        let summary = RunSummary(results: ReportFixtures.all)
        #expect(summary.total == 4)
        #expect(summary.passed == 1)
        #expect(summary.failed == 1)
        #expect(summary.errored == 1)
        #expect(summary.invalid == 1)
    }

    @Test(
        arguments: [
            ([], 0),
            ([.passed, .passed], 0),
            ([.passed, .failed], 1),
            ([.failed, .invalid, .passed], 2),
            ([.invalid, .failed], 2),
            ([.error, .invalid, .failed], 3),
            ([.passed, .error], 3),
        ] as [([RunStatus], Int32)])
    func exitCodeIsTheWorstVerdict(statuses: [RunStatus], code: Int32) {
        #expect(RunSummary.exitCode(for: statuses) == code)
    }

    @Test func aFlakyVerdictFailsTheRunUnlessFlakyScriptsAreAllowed() throws {
        #expect(RunSummary.exitCode(for: [.passed, .flaky]) == 1)
        #expect(RunSummary.exitCode(for: [.passed, .flaky], allowingFlaky: true) == 0)
        #expect(RunSummary.exitCode(for: [.flaky, .error], allowingFlaky: true) == 3)
        #expect(try RepeatTests.flakySummary(allowFlaky: false).exitCode == 1)
        #expect(try RepeatTests.flakySummary(allowFlaky: true).exitCode == 0)
    }

    @Test func exitCodeOfARun() {
        #expect(RunSummary(results: [ReportFixtures.passing]).exitCode == 0)
        #expect(RunSummary(results: [ReportFixtures.passing, ReportFixtures.failed]).exitCode == 1)
        #expect(RunSummary(results: [ReportFixtures.failed, ReportFixtures.invalid]).exitCode == 2)
        #expect(RunSummary(results: ReportFixtures.all).exitCode == 3)
    }

    @Test func defaultDurationSpansTheScripts() {
        // passing starts at +0 and lasts 0.041; transportError starts at +0.1 and lasts 5.02.
        let summary = RunSummary(results: [ReportFixtures.passing, ReportFixtures.transportError])
        #expect(summary.startedAt == ReportFixtures.start)
        #expect(abs(summary.duration - 5.12) < 1e-6)
        #expect(RunSummary(results: [], duration: 2).duration == 2)
        #expect(RunSummary(results: []).duration == 0)
    }

    @Test func reportFormats() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["human", "json", "junit", "html", "markdown"])
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun
@testable import JourneySuite

@Suite("Repeated runs and flaky scripts")
struct RepeatTests {
    /// Attempt `index` of the passing login, starting a second after the one before it.
    static func attempt(_ index: Int, failing: Bool = false, error: RunError? = nil) -> JourneyResult {
        var result = ReportFixtures.passing
        result.startedAt = ReportFixtures.start.addingTimeInterval(Double(index))
        result.duration = 0.5
        if failing { result.failures = [ReportFixtures.wrongOutcome] }
        result.error = error
        return result
    }

    static let transport = RunError(.transport, "connection refused", step: 2)

    @Test(
        arguments: [
            ([], .passed),
            ([.passed], .passed),
            ([.passed, .passed, .passed], .passed),
            ([.failed, .failed], .failed),
            ([.passed, .failed], .flaky),
            ([.failed, .passed, .passed], .flaky),
            ([.error, .passed], .flaky),
            ([.invalid, .passed], .flaky),
            ([.failed, .error], .error),
            ([.error, .failed, .failed], .error),
            ([.mismatch, .error], .mismatch),
            ([.failed, .invalid], .invalid),
        ] as [([RunStatus], RunStatus)])
    func attemptsFoldIntoOneVerdict(attempts: [RunStatus], verdict: RunStatus) {
        #expect(RunStatus.folding(attempts) == verdict)
    }

    @Test func flakyExitsOneAsAFailureDoes() {
        #expect(RunStatus.flaky.exitCode == 1)
    }

    @Test func aFlakyScriptKeepsAFailingAttemptsTraceAndEveryAttempt() throws {
        let runs = [Self.attempt(0), Self.attempt(1, failing: true), Self.attempt(2)]
        let result = try #require(RepeatedRun.fold(runs, allowFlaky: false))
        #expect(result.status == .flaky)
        #expect(result.exitCode == 1)
        #expect(result.attempts.map(\.status) == [.passed, .failed, .passed])
        #expect(result.attempts[1].failures.map(\.message) == [ReportFixtures.wrongOutcome.message])
        // The trace shown is the failing attempt's, so the reports show why it failed.
        #expect(result.allFailures.map(\.message) == [ReportFixtures.wrongOutcome.message])
        #expect(result.startedAt == ReportFixtures.start)
        // The attempts' durations added up, whatever their dates say (a replay's are the recording's).
        #expect(abs(result.duration - 1.5) < 0.000_1)
        #expect(abs(result.transportTime - 3 * ReportFixtures.passing.transportTime) < 0.000_1)
    }

    @Test func anAllowedFlakyScriptExitsZeroButStaysFlaky() throws {
        let result = try #require(
            RepeatedRun.fold([Self.attempt(0), Self.attempt(1, failing: true)], allowFlaky: true))
        #expect(result.status == .flaky)
        #expect(result.exitCode == 0)
        let summary = RunSummary(results: [ReportFixtures.passing, result])
        #expect(summary.flaky == 1)
        #expect(summary.passed == 1)
        #expect(summary.exitCode == 0)
    }

    @Test func attemptsThatFailDifferentlyReportTheWorstAndItsTrace() throws {
        let runs = [
            Self.attempt(0, failing: true), Self.attempt(1, error: Self.transport), Self.attempt(2, failing: true),
        ]
        let result = try #require(RepeatedRun.fold(runs, allowFlaky: true))
        #expect(result.status == .error)
        #expect(result.exitCode == 3)
        #expect(result.error?.message == "connection refused")
    }

    /// `--repeat 1000` stays readable: runs of one verdict are counted, and only the first ten
    /// failing attempts are explained on the console.
    @Test func manyAttemptsMakeOneShortLineAndTenExplanations() throws {
        let runs = (0..<1000).map { Self.attempt($0, failing: $0 % 2 == 1 || $0 >= 990) }
        let result = try #require(RepeatedRun.fold(runs, allowFlaky: false))
        let shortRuns = (0..<4).map { Self.attempt($0, failing: $0 == 0) }
        #expect(
            ConsoleVerdict.attemptsLine(try #require(RepeatedRun.fold(shortRuns, allowFlaky: false)).attempts)
                == "attempts: failed, passed ×3")
        let block = ConsoleReporter(useColor: false, verbose: false).scriptFinished(result)
        #expect(block.contains("attempts: passed, failed, passed, failed"))
        #expect(block.contains("passed, failed ×11"))
        #expect(block.components(separatedBy: "\n  attempt ").count - 1 == 10)
        #expect(block.contains("… 495 more attempts did not pass (the JSON report lists every attempt)"))
    }

    @Test func oneRunIsReturnedAsItIs() throws {
        let result = try #require(RepeatedRun.fold([Self.attempt(0, failing: true)], allowFlaky: false))
        #expect(result.attempts.isEmpty)
        #expect(result.status == .failed)
        #expect(RepeatedRun.fold([], allowFlaky: false) == nil)
    }

    static func flakySummary(allowFlaky: Bool) throws -> RunSummary {
        let flaky = try #require(
            RepeatedRun.fold([Self.attempt(0, failing: true), Self.attempt(1)], allowFlaky: allowFlaky))
        return RunSummary(results: [ReportFixtures.passing, flaky])
    }

    @Test func theJSONReportHasTheFlakyStatusItsAttemptsAndACount() throws {
        let document = JSONReport.document(try Self.flakySummary(allowFlaky: false))
        #expect(document["summary"]?["flaky"]?.intValue == 1)
        #expect(document["summary"]?["passed"]?.intValue == 1)
        #expect(document["summary"]?["exitCode"]?.intValue == 1)
        let scripts = try #require(document["scripts"]?.arrayValue)
        #expect(scripts[0]["attempts"]?.arrayValue?.isEmpty == true)
        #expect(scripts[1]["status"]?.stringValue == "flaky")
        #expect(scripts[1]["exitCode"]?.intValue == 1)
        let attempts = try #require(scripts[1]["attempts"]?.arrayValue)
        #expect(attempts.map { $0["status"]?.stringValue } == ["failed", "passed"])
        #expect(attempts.map { $0["number"]?.intValue } == [1, 2])
        #expect(
            attempts[0]["failures"]?.arrayValue?.first?["message"]?.stringValue == ReportFixtures.wrongOutcome.message)
        #expect(attempts[1]["failures"]?.arrayValue?.isEmpty == true)
        #expect(attempts[1]["error"] == .null)

        let allowed = JSONReport.document(try Self.flakySummary(allowFlaky: true))
        #expect(allowed["summary"]?["exitCode"]?.intValue == 0)
        #expect(allowed["scripts"]?.arrayValue?.last?["status"]?.stringValue == "flaky")
        #expect(allowed["scripts"]?.arrayValue?.last?["exitCode"]?.intValue == 0)
    }

    @Test func mergedReportsCountFlakyScriptsAndKeepTheirExitCode() throws {
        for allowFlaky in [false, true] {
            let flaky = JSONReport.render(try Self.flakySummary(allowFlaky: allowFlaky))
            let other = JSONReport.render(RunSummary(results: [ReportFixtures.passing]))
            let merged = try ReportMerge.merge([
                ReportMerge.Input(name: "a.json", text: flaky), ReportMerge.Input(name: "b.json", text: other),
            ])
            #expect(merged.document?["summary"]?["flaky"]?.intValue == 1)
            #expect(merged.exitCode == (allowFlaky ? 0 : 1))
        }
    }

    @Test func junitShowsAFlakyScriptAsAFailureUnlessAllowed() throws {
        let failing = JUnitReport.render(try Self.flakySummary(allowFlaky: false))
        #expect(failing.contains("failures=\"1\""))
        #expect(failing.contains("<failure type=\"flaky\" message=\"flaky: passed 1 of 2 attempts\">"))
        #expect(failing.contains("attempt 1: failed: step 3: expected outcome success"))
        #expect(!failing.contains("flakyFailure"))

        let allowed = JUnitReport.render(try Self.flakySummary(allowFlaky: true))
        #expect(allowed.contains("failures=\"0\""))
        #expect(!allowed.contains("<failure "))
        #expect(allowed.contains("<flakyFailure type=\"failed\" message=\"failed: step 3: expected outcome success"))
        let merged = try ReportMerge.merge([ReportMerge.Input(name: "a.xml", text: allowed)])
        #expect(merged.exitCode == 0)
        let mergedFailing = try ReportMerge.merge([ReportMerge.Input(name: "a.xml", text: failing)])
        #expect(mergedFailing.exitCode == 1)
    }

    @Test func theConsoleShowsTheAttemptsAndTheFlakyCount() throws {
        let summary = try Self.flakySummary(allowFlaky: false)
        let console = ConsoleReporter()
        let block = console.render(summary.results[1])
        #expect(block.contains("  attempts: failed, passed"))
        #expect(block.contains("≈ flaky  passed 1 of 2 attempts"))
        #expect(console.renderSummary(summary).hasPrefix("1 passed, 0 failed, 0 errors, 1 flaky (2 scripts)"))
        // Allowed, it does not fail the run: the summary line itself says why it exits 0.
        let allowed = console.renderSummary(try Self.flakySummary(allowFlaky: true))
        #expect(allowed.hasPrefix("1 passed, 0 failed, 0 errors, 1 flaky (1 allowed) (2 scripts)"), "\(allowed)")
        #expect(!console.render(ReportFixtures.passing).contains("attempts"))
    }

    @Test func theHTMLReportListsTheAttempts() throws {
        let html = HTMLReport.render(try Self.flakySummary(allowFlaky: false))
        #expect(html.contains("data-status=\"flaky\""))
        #expect(html.contains("attempt 1: <span class=\"badge status-failed\">failed</span>"))
    }

    @Test(
        arguments: [
            (nil, false, false, nil),
            (1, false, false, nil),
            (5, true, false, nil),
            (1000, false, false, nil),
            (0, false, false, "--repeat must be 1 to 1000, got 0"),
            (1001, false, false, "--repeat must be 1 to 1000, got 1001"),
            (-3, false, false, "--repeat must be 1 to 1000, got -3"),
            (nil, true, false, "--allow-flaky needs --repeat N with N of 2 or more (with one run no script is flaky)"),
            (1, true, false, "--allow-flaky needs --repeat N with N of 2 or more (with one run no script is flaky)"),
            (2, false, true, "--record cannot be used with --repeat: a recording holds one run of each script"),
            (1, false, true, nil),
        ] as [(Int?, Bool, Bool, String?)])
    func repeatOptionsAreChecked(count: Int?, allowFlaky: Bool, record: Bool, problem: String?) {
        #expect(RepeatOption.problem(count: count, allowFlaky: allowFlaky, record: record) == problem)
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// The verdict comes from one place: a failure recorded anywhere (on a step or on the run) fails
/// the run, in the status and in every report.
@Suite("Verdict")
struct VerdictTests {
    static let stepFailure = ExpectationFailure(
        "unexpected step with [SuspendedTextOutputCallback]: expect.steps lists 1", step: 2,
        location: SourceLocation(file: "journeys/magic.yaml", line: 12, column: 3))

    /// A run whose only failure sits on its last step, as the driver records an unexpected final step.
    static var failureOnAStepOnly: JourneyResult {
        var result = ReportFixtures.passing
        result.steps[1].failures = [stepFailure]
        return result
    }

    @Test func aFailureOnAStepFailsTheRun() {
        let result = Self.failureOnAStepOnly
        #expect(result.status == .failed)
        #expect(result.status.exitCode == 1)
        #expect(result.allFailures.map(\.message) == [Self.stepFailure.message])
    }

    @Test func everyReportAgreesWithTheStatus() throws {
        let result = Self.failureOnAStepOnly
        let console = ConsoleReporter().render(result)
        #expect(console.contains("✗ unexpected step"))
        #expect(console.contains("✘ failed"))
        #expect(!console.contains("✔ passed"))
        let document = JSONReport.document(RunSummary(results: [result]))
        let script = try #require(document["scripts"]?.arrayValue?.first)
        #expect(script["status"]?.stringValue == "failed")
        #expect(script["failures"]?.arrayValue?.count == 1)
        let junit = JUnitReport.render(RunSummary(results: [result]))
        #expect(junit.contains("<failure"))
        #expect(junit.contains("failures=\"1\""))
    }

    @Test func successWithoutATokenFailsUnlessTheScriptAskedForNoSession() {
        let noToken = Outcome.success(tokenPresent: false, realm: "/", successUrl: "/am/console")
        let asked = ExpectationChecker.check(
            noToken, against: .success(SuccessCheck()), noSession: false, location: nil)
        #expect(asked.count == 1)
        #expect(asked.first?.message.contains("without a session (no tokenId)") == true)
        #expect(
            ExpectationChecker.check(noToken, against: .success(SuccessCheck()), noSession: true, location: nil).isEmpty
        )
        var noSessionExpected = SuccessCheck()
        noSessionExpected.session = false
        #expect(
            ExpectationChecker.check(noToken, against: .success(noSessionExpected), noSession: false, location: nil)
                .isEmpty)
        let withToken = Outcome.success(tokenPresent: true, realm: "/", successUrl: nil)
        #expect(
            ExpectationChecker.check(withToken, against: .success(SuccessCheck()), noSession: false, location: nil)
                .isEmpty)
    }

    @Test func aFailureSummaryWithoutAReasonHasNoGapBeforeTheColon() {
        let outcome = Outcome.failure(code: 401, reason: "", message: "Authentication failed", detail: nil)
        #expect(outcome.summary == "failure 401: Authentication failed")
        let full = Outcome.failure(code: 401, reason: "Unauthorized", message: "Login failure", detail: nil)
        #expect(full.summary == "failure 401 Unauthorized: Login failure")
    }
}

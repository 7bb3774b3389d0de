import Foundation
import JourneyCore

/// Everything about one run of one script: the step trace, the outcome and the verdict.
/// Reporters write from this value only; it holds no secret.
public struct JourneyResult: Sendable {
    public var name: String
    package var file: String
    package var tags: [String]
    package var server: String?
    public var steps: [StepTrace]
    public var outcome: Outcome?
    /// Failures of expectations recorded on the run; a step may hold more (`StepTrace.failures`).
    /// `allFailures` is the run's whole list, the one the status and every report use.
    public var failures: [ExpectationFailure]
    public var error: RunError?
    /// Diagnostics for an invalid script.
    package var diagnostics: [Diagnostic]
    package var startedAt: Date
    /// Seconds of wall time for the whole run.
    package var duration: Double
    /// Seconds spent waiting on the transport.
    package var transportTime: Double
    /// The run's random seed (recorded so a replay generates the same values).
    public var seed: UInt64?
    /// The SDK whose requests the run sent (`client.sdk`, `--sdk`), recorded so a replay sends them again.
    package var sdk: SDKProfile?
    /// The run's variables that are not secret, as text (recorded with the seed).
    package var variables: [String: String] = [:]
    /// Exchanges outside the steps (outbox reads), each with the step it belongs to.
    package var sideExchanges: [Exchange] = []
    /// Every run of the script, in order, when `--repeat` ran it more than once (``RepeatedRun``);
    /// empty for a script run once. The steps, outcome, failures and error are one attempt's.
    public var attempts: [Attempt] = []
    /// A `flaky` verdict counts as passing for the exit code (`--allow-flaky`).
    package var flakyAllowed = false
    /// Where a Markdown guide's transcript shows this very run, failures included (a guide's
    /// example of a failing run): a `failed` verdict then counts as passing for the exit code,
    /// and stays `failed` in every report.
    package var documentedFailure: SourceLocation?

    package init(
        name: String, file: String, tags: [String] = [], server: String? = nil, steps: [StepTrace] = [],
        outcome: Outcome? = nil, failures: [ExpectationFailure] = [], error: RunError? = nil,
        diagnostics: [Diagnostic] = [], startedAt: Date = Date(), duration: Double = 0, transportTime: Double = 0
    ) {
        self.name = name
        self.file = file
        self.tags = tags
        self.server = server
        self.steps = steps
        self.outcome = outcome
        self.failures = failures
        self.error = error
        self.diagnostics = diagnostics
        self.startedAt = startedAt
        self.duration = duration
        self.transportTime = transportTime
    }

    /// Every expectation failure of the run, each once: the run's own and those recorded on its
    /// steps. The status and every reporter read this one list, so a failure shown is a failure counted.
    public var allFailures: [ExpectationFailure] { FailurePlacement(self).all }

    /// `passed` exactly when nothing failed: no error diagnostic, no error, no failure anywhere.
    /// A script run several times has its attempts' verdict (``RunStatus/folding(_:)``).
    public var status: RunStatus {
        if !attempts.isEmpty { return RunStatus.folding(attempts.map(\.status)) }
        if !diagnostics.filter({ $0.severity == .error }).isEmpty { return .invalid }
        if error?.kind == .mismatch { return .mismatch }
        if error != nil { return .error }
        return allFailures.isEmpty ? .passed : .failed
    }

    /// The exit code this script asks for: its verdict's, except a flaky script that is allowed
    /// (`--allow-flaky`), which asks for 0 while it stays `flaky` in every report.
    /// A failure its guide's transcript shows (``documentedFailure``) asks for 0 too.
    public var exitCode: Int32 {
        status.exitCode(allowingFlaky: flakyAllowed, documentedFailure: documentedFailure != nil)
    }
}

import Foundation
import JourneyCore

/// One of the runs of a script that `--repeat` ran several times: its verdict and, when it did not
/// pass, why. The script's result keeps one attempt's whole trace (``RepeatedRun``); the others
/// are kept as this summary.
public struct Attempt: Sendable {
    /// The attempt's verdict.
    public var status: RunStatus
    /// When the attempt started.
    package var startedAt: Date
    /// Seconds of wall time for this attempt.
    package var duration: Double
    /// Every expectation failure of the attempt (``JourneyResult/allFailures``).
    package var failures: [ExpectationFailure]
    /// The error that stopped the attempt, if one did.
    package var error: RunError?
    /// The attempt's random seed: `--seed` with it runs the attempt again.
    public var seed: UInt64?

    package init(
        status: RunStatus, startedAt: Date = Date(), duration: Double = 0, failures: [ExpectationFailure] = [],
        error: RunError? = nil, seed: UInt64? = nil
    ) {
        self.status = status
        self.startedAt = startedAt
        self.duration = duration
        self.failures = failures
        self.error = error
        self.seed = seed
    }

    /// The summary of one attempt's result.
    package init(_ result: JourneyResult) {
        self.init(
            status: result.status, startedAt: result.startedAt, duration: result.duration,
            failures: result.allFailures, error: result.error, seed: result.seed)
    }
}

/// Folds the runs of one script that `--repeat` ran several times into the script's result, run by
/// run: only each attempt's summary, the most severe run that did not pass and the last run are
/// kept, so a thousand attempts do not hold a thousand traces.
package struct RepeatedRun: Sendable {
    private var attempts: [Attempt] = []
    private var worst: JourneyResult?
    private var last: JourneyResult?
    private var firstStart: Date?
    private var duration = 0.0
    private var transportTime = 0.0

    package init() {}

    /// Adds the next attempt's result.
    package mutating func add(_ run: JourneyResult) {
        if run.status != .passed, worst.map({ run.status.exitCode >= $0.status.exitCode }) ?? true { worst = run }
        if firstStart == nil { firstStart = run.startedAt }
        duration += run.duration
        transportTime += run.transportTime
        attempts.append(Attempt(run))
        last = run
    }

    /// The script's result: the trace of the attempt that explains the verdict (the last of the
    /// most severe attempts that did not pass; the last attempt when all passed), with every
    /// attempt in ``JourneyResult/attempts``, the start of the first, and the durations and transport
    /// times of all added up (not the span of their dates: a replay's dates are the recording's). One run is returned as it is; nil for none.
    ///
    /// - Parameter allowFlaky: a flaky script counts as passing for the exit code (`--allow-flaky`).
    package func result(allowFlaky: Bool) -> JourneyResult? {
        guard let last else { return nil }
        guard attempts.count > 1, let firstStart else { return last }
        var result = worst ?? last
        result.startedAt = firstStart
        result.duration = duration
        result.transportTime = transportTime
        result.attempts = attempts
        result.flakyAllowed = allowFlaky
        return result
    }

    /// The result of `runs` (``result(allowFlaky:)``).
    package static func fold(_ runs: [JourneyResult], allowFlaky: Bool) -> JourneyResult? {
        var folding = RepeatedRun()
        for run in runs { folding.add(run) }
        return folding.result(allowFlaky: allowFlaky)
    }
}

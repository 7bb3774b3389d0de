import Foundation
import JourneyCore

/// One of the runs of a script that `--repeat` ran several times: its verdict and, when it did not
/// pass, why. The script's result keeps one attempt's whole trace (``RepeatedRun``); the others
/// are kept as this summary.
public struct Attempt: Sendable {
    public var status: RunStatus
    public var startedAt: Date
    /// Seconds of wall time for this attempt.
    public var duration: Double
    /// Every expectation failure of the attempt (``JourneyResult/allFailures``).
    public var failures: [ExpectationFailure]
    public var error: RunError?

    public init(
        status: RunStatus, startedAt: Date = Date(), duration: Double = 0, failures: [ExpectationFailure] = [],
        error: RunError? = nil
    ) {
        self.status = status
        self.startedAt = startedAt
        self.duration = duration
        self.failures = failures
        self.error = error
    }

    /// The summary of one attempt's result.
    public init(_ result: JourneyResult) {
        self.init(
            status: result.status, startedAt: result.startedAt, duration: result.duration,
            failures: result.allFailures, error: result.error)
    }
}

/// Folds the runs of one script that `--repeat` ran several times into the script's result.
public enum RepeatedRun {
    /// The script's result: the trace of the attempt that explains the verdict (the last of the
    /// most severe attempts that did not pass; the last attempt when all passed), with every
    /// attempt in ``JourneyResult/attempts``, the start of the first, the wall time until the end of
    /// the last and the transport time of all. One run is returned as it is.
    ///
    /// - Parameter allowFlaky: a flaky script counts as passing for the exit code (`--allow-flaky`).
    public static func fold(_ runs: [JourneyResult], allowFlaky: Bool) -> JourneyResult? {
        guard var result = runs.last else { return nil }
        guard runs.count > 1 else { return result }
        var worst: JourneyResult?
        for run in runs where run.status != .passed {
            if worst.map({ run.status.exitCode >= $0.status.exitCode }) ?? true { worst = run }
        }
        if let worst { result = worst }
        let first = runs[0]
        let end = runs.map { $0.startedAt.addingTimeInterval($0.duration) }.max() ?? first.startedAt
        result.startedAt = first.startedAt
        result.duration = max(0, end.timeIntervalSince(first.startedAt))
        result.transportTime = runs.reduce(0) { $0 + $1.transportTime }
        result.attempts = runs.map(Attempt.init)
        result.flakyAllowed = allowFlaky
        return result
    }
}

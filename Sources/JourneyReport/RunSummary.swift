import Foundation
import JourneyRun

/// The results of one `journey run`: every script's result, the counts per verdict and the
/// process exit code.
///
/// Exit code rule: the worst verdict wins, by the severity order
/// `passed (0) < failed (1) < invalid (2) < error (3) < mismatch (4)`. An error means the
/// environment (server, network) could not be trusted, so it outranks a broken script, which
/// outranks a failed expectation; a replay mismatch means the recording no longer describes
/// the script at all, so it outranks everything. A run with no scripts exits 0; the CLI decides whether "nothing
/// matched" is itself a problem. A flaky script (`--repeat`) exits 1 as a failed one does, or 0 when
/// flaky scripts are allowed (``JourneyResult/exitCode``).
public struct RunSummary: Sendable {
    /// The results in report order (the CLI passes them in the order of the files given).
    package var results: [JourneyResult]
    /// When the run started.
    package var startedAt: Date
    /// Seconds of wall time for the whole run. With `--jobs` this is less than the sum of the scripts' durations.
    package var duration: Double
    /// The part of a sharded suite this run took (`--shard I/N`), written into its reports so
    /// `journey report merge` can tell a missing or repeated shard; nil for a whole suite.
    package var shard: Shard?

    /// - Parameters:
    ///   - duration: the run's wall time; by default the span from the earliest script start to the latest script end.
    ///   - startedAt: by default the earliest script start (now when there are no results).
    public init(results: [JourneyResult], startedAt: Date? = nil, duration: Double? = nil, shard: Shard? = nil) {
        self.results = results
        self.shard = shard
        let earliest = results.map(\.startedAt).min()
        self.startedAt = startedAt ?? earliest ?? Date()
        if let duration {
            self.duration = duration
        } else if let earliest {
            let latest = results.map { $0.startedAt.addingTimeInterval($0.duration) }.max() ?? earliest
            self.duration = max(0, latest.timeIntervalSince(earliest))
        } else {
            self.duration = 0
        }
    }

    /// Number of scripts run.
    package var total: Int { results.count }
    /// Scripts whose expectations all held.
    package var passed: Int { count(.passed) }
    /// Scripts with at least one failed expectation.
    package var failed: Int { count(.failed) }
    /// Scripts stopped by a transport, protocol or run-time script error.
    package var errored: Int { count(.error) }
    /// Scripts that could not be run because they are invalid.
    package var invalid: Int { count(.invalid) }
    /// Replays whose requests did not match their recording.
    package var mismatched: Int { count(.mismatch) }
    /// Scripts run several times (`--repeat`) that passed on some attempts only.
    package var flaky: Int { count(.flaky) }
    /// Failed scripts whose Markdown guide's transcript shows that failure
    /// (``JourneyResult/documentedFailure``): they ask for exit 0.
    package var documentedFailures: Int {
        results.filter { $0.status == .failed && $0.documentedFailure != nil }.count
    }

    /// Flaky scripts that do not fail the run (`--allow-flaky`, ``JourneyResult/flakyAllowed``).
    package var allowedFlaky: Int {
        results.filter { $0.status == .flaky && $0.flakyAllowed }.count
    }

    /// The process exit code: the worst verdict of any script (see the type's documentation).
    public var exitCode: Int32 { results.map(\.exitCode).max() ?? 0 }

    /// The exit code for a set of verdicts: the most severe one's, 0 when there are none.
    /// Exit codes rise with severity (passed 0 < failed 1 < invalid 2 < error 3 < mismatch 4); a
    /// flaky verdict asks for 1, or 0 when `allowingFlaky` (``RunStatus/exitCode(allowingFlaky:documentedFailure:)``).
    package static func exitCode(for statuses: [RunStatus], allowingFlaky: Bool = false) -> Int32 {
        statuses.map { $0.exitCode(allowingFlaky: allowingFlaky) }.max() ?? 0
    }

    private func count(_ status: RunStatus) -> Int {
        results.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }
}

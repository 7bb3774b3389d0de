import JourneyCore

/// The verdict of one script run.
public enum RunStatus: String, Sendable, CaseIterable {
    case passed
    /// An expectation failed (exit code 1).
    case failed
    /// Transport or protocol error (exit code 3).
    case error
    /// The script is invalid (exit code 2).
    case invalid
    /// A replay's request did not match its recording (exit code 4).
    case mismatch
    /// Run several times (`--repeat`), it passed on some attempts and not on others (exit code 1,
    /// or 0 with `--allow-flaky`: ``JourneyResult/exitCode``). Never the verdict of one attempt.
    case flaky

    /// The verdict's severity as an exit code, a flaky verdict counted as a failure: what the
    /// run exits with unless flaky scripts are allowed (``exitCode(allowingFlaky:)``).
    package var exitCode: Int32 {
        switch self {
        case .passed: return 0
        case .failed, .flaky: return 1
        case .invalid: return 2
        case .error: return 3
        case .mismatch: return 4
        }
    }

    /// The exit code a script with this verdict asks for, and so whether it fails the run (any
    /// code but 0): the severity's, except a flaky verdict when flaky scripts are allowed
    /// (`--allow-flaky`), and a failed one that a Markdown guide's transcript shows
    /// (`documentedFailure`: the guide's example of a failing run), which ask for 0. The one
    /// rule: results, run summaries and merged reports all ask it.
    package func exitCode(allowingFlaky: Bool, documentedFailure: Bool = false) -> Int32 {
        switch self {
        case .flaky where allowingFlaky: return 0
        case .failed where documentedFailure: return 0
        default: return exitCode
        }
    }

    /// The verdict of a script run several times, from its attempts' verdicts in order:
    /// - every attempt passed → `passed`;
    /// - some passed and some did not → `flaky`;
    /// - none passed → the most severe attempt's verdict, by the exit-code order
    ///   (failed 1 < invalid 2 < error 3 < mismatch 4): attempts that failed an expectation once
    ///   and hit a transport error once are reported as `error`, as a run of both scripts would exit.
    ///
    /// No attempts → `passed` (nothing failed).
    package static func folding(_ attempts: [RunStatus]) -> RunStatus {
        let passes = attempts.filter { $0 == .passed }.count
        if passes == attempts.count { return .passed }
        if passes > 0 || attempts.contains(.flaky) { return .flaky }
        return attempts.max { $0.exitCode < $1.exitCode } ?? .passed
    }
}

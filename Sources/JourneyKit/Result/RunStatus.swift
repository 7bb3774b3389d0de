import JourneyCore

/// The verdict of one script run.
public enum RunStatus: String, Sendable {
    case passed
    /// An expectation failed (exit code 1).
    case failed
    /// Transport or protocol error (exit code 3).
    case error
    /// The script is invalid (exit code 2).
    case invalid
    /// A replay's request did not match its recording (exit code 4).
    case mismatch

    public var exitCode: Int32 {
        switch self {
        case .passed: return 0
        case .failed: return 1
        case .invalid: return 2
        case .error: return 3
        case .mismatch: return 4
        }
    }
}

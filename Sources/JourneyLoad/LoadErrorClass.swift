import JourneyKit

/// Why a journey of a load run did not pass, by the run's error classes.
package enum LoadErrorClass: String, Sendable, Codable, CaseIterable {
    /// An expectation failed (exit 1 in `run`).
    case expectation
    /// The script could not run (invalid, refused, a value source failed).
    case script
    /// The server answered something the protocol does not allow.
    case `protocol`
    /// Unreachable, refused or closed connections.
    case transport
    /// No answer within the request timeout (a transport error, counted apart).
    case timeout
    /// A replay found no matching recorded exchange.
    case mismatch

    /// The class of `result`, or nil when it passed.
    package init?(_ result: JourneyResult) {
        switch result.status {
        case .passed: return nil
        // A load runs each iteration once: `flaky` (`run --repeat`) is never its result.
        case .failed, .flaky: self = .expectation
        case .invalid: self = .script
        case .mismatch: self = .mismatch
        case .error:
            switch result.error?.kind {
            case .transport?:
                self = result.error?.transportFailure == .timeout ? .timeout : .transport
            case .protocol?: self = .protocol
            case .mismatch?: self = .mismatch
            case .script?, nil: self = .script
            }
        }
    }
}

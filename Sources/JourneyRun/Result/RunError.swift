import JourneyCore

/// What stops a run: transport or protocol trouble (exit code 3), a replay mismatch (exit code 4),
/// or a script-side problem, which the run records as an expectation failure (exit code 1).
/// Expectations are never errors: they are ``ExpectationFailure`` values the run collects.
public struct RunError: Error, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        /// Unreachable, timeout, closed connection.
        case transport
        /// Not JSON, HTML, 5xx, an unusable body.
        case `protocol`
        /// A value the script cannot produce at run time (missing env var, failing command...) or
        /// one the callback does not allow. The driver records it as an expectation failure
        /// naming the script line; only a run set up outside the driver (no simulator) keeps it as its error.
        case script
        /// A replay's request is not the one its recording holds (exit code 4).
        case mismatch
    }

    package var kind: Kind
    package var message: String
    package var step: Int?
    /// Which failure of the transport a `transport` error is, when a request got no response
    /// (a timeout, a refused connection...): classify by this, never by the message's text. Nil
    /// for any other error and for a transport error raised outside a request (a cancelled poll).
    package var transportFailure: TransportError.Kind?

    package init(_ kind: Kind, _ message: String, step: Int? = nil, transportFailure: TransportError.Kind? = nil) {
        self.kind = kind
        self.message = message
        self.step = step
        self.transportFailure = transportFailure
    }

    public var description: String {
        (step.map { "step \($0): " } ?? "") + message
    }
}

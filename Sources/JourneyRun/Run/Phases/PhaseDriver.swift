/// One phase of a run (`uses:`, the journey, the resource call, MobileFirst, cleanup): it reads
/// and adds to the ``RunSession`` and keeps its own state while it runs. A run executes the
/// phases of its ``RunPlan`` in order; a new kind of phase is a new driver.
protocol PhaseDriver: Sendable {
    /// True for a phase that runs whenever the run ended without an error, even after an earlier
    /// phase ended or stopped it (cleanup).
    var runsAfterEnd: Bool { get }

    /// Runs the phase. `outcome` is the outcome so far (nil before any phase produced one).
    /// Transport, protocol and script trouble is thrown; an expectation that stops the run is
    /// recorded on the session and returned as ``PhaseResult/stop``.
    func run(in session: RunSession, after outcome: Outcome?) async throws(RunError) -> PhaseResult
}

extension PhaseDriver {
    var runsAfterEnd: Bool { false }
}

/// How a phase ended.
enum PhaseResult: Sendable {
    /// The run goes on with the next phase; the outcome so far is this one.
    case next(Outcome?)
    /// The outcome is final: the remaining phases (but those that run after an end) are skipped.
    case end(Outcome)
    /// An expectation stopped the run (its failures are on the session): no outcome is checked.
    case stop
}

import JourneyCore

/// One phase of a run (`uses:`, the journey, the resource call, MobileFirst, cleanup). A run
/// executes the phases of its ``RunPlan`` in order, handing each the ``PhaseHandoff`` the one
/// before returned; a phase keeps its own state while it runs, and shares with the others only
/// what every phase shares (the session's transport, trace and variables). A new kind of phase
/// is a new driver.
protocol PhaseDriver: Sendable {
    /// True for a phase that runs whenever the run ended without an error, even after an earlier
    /// phase ended or stopped it (cleanup).
    var runsAfterEnd: Bool { get }

    /// Runs the phase after those that handed on `handoff`. Transport, protocol and script
    /// trouble is thrown; an expectation that stops the run is recorded on the session and
    /// returned as ``PhaseResult/stop(_:)``.
    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult
}

extension PhaseDriver {
    var runsAfterEnd: Bool { false }
}

/// What a phase hands the phases after it: the outcome so far (nil before any phase produced
/// one), the AM session a journey ended with, and the tokens a token phase obtained, which the
/// resource call, OAuth and cleanup use.
struct PhaseHandoff: Sendable {
    var outcome: Outcome?
    var amSession: AMSession?
    var grant: OAuthGrant?

    /// This handoff with `outcome` as the outcome so far.
    func with(_ outcome: Outcome?) -> PhaseHandoff {
        var next = self
        next.outcome = outcome
        return next
    }

    /// This handoff with `outcome` as the outcome so far and `grant` as the tokens.
    func with(_ outcome: Outcome?, grant: OAuthGrant?) -> PhaseHandoff {
        var next = with(outcome)
        next.grant = grant
        return next
    }

    /// This handoff after a journey that ended with `outcome`, holding the session it ended with
    /// (the one before stays when the journey brought none).
    func with(_ outcome: Outcome, after journey: AMSession?) -> PhaseHandoff {
        var next = with(outcome)
        if let journey { next.amSession = journey }
        return next
    }
}

/// The AM session a journey ended with (`tokenId` of its success): the calls made with the
/// session (the resource, OAuth's authorize and consent, cleanup) send it as the session cookie.
struct AMSession: Sendable, Equatable {
    let tokenId: String
}

/// Tokens a phase obtained (OAuth, MobileFirst, Rakuten) and what it read of the provider (its
/// endpoints, its key set), so that later phases revoke or use them without asking again.
struct OAuthGrant: Sendable {
    var tokens: OAuthTokens
    var endpoints: OAuthEndpoints?
    var keys: JSONValue? = nil
}

/// How a phase ended: whether the run goes on, what it hands on, and the expectation failures
/// it found. A phase returns this or throws a ``RunError``; the driver records the failures.
struct PhaseResult: Sendable {
    enum Ending: Sendable {
        /// The run goes on with the next phase.
        case next
        /// The outcome is final: the remaining phases (but those that run after an end) are skipped.
        case end
        /// An expectation stopped the run: no outcome is checked; the phases that run after an
        /// end still get what was handed on (tokens to revoke).
        case stop
    }

    var ending: Ending
    var handoff: PhaseHandoff
    var failures: PhaseFailures

    static func next(_ handoff: PhaseHandoff, _ failures: PhaseFailures = PhaseFailures()) -> PhaseResult {
        PhaseResult(ending: .next, handoff: handoff, failures: failures)
    }

    static func end(_ handoff: PhaseHandoff, _ failures: PhaseFailures = PhaseFailures()) -> PhaseResult {
        PhaseResult(ending: .end, handoff: handoff, failures: failures)
    }

    static func stop(_ handoff: PhaseHandoff, _ failures: PhaseFailures = PhaseFailures()) -> PhaseResult {
        PhaseResult(ending: .stop, handoff: handoff, failures: failures)
    }
}

/// The expectation failures a phase found, each under the step it concerns (its index in the
/// trace) when it names one.
struct PhaseFailures: Sendable {
    struct Entry: Sendable {
        var failure: ExpectationFailure
        var stepIndex: Int?
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ failure: ExpectationFailure, onStepAt index: Int? = nil) {
        entries.append(Entry(failure: failure, stepIndex: index))
    }

    mutating func add(_ failures: [ExpectationFailure]) {
        entries += failures.map { Entry(failure: $0, stepIndex: nil) }
    }

    mutating func add(_ other: PhaseFailures) { entries += other.entries }
}

import JourneyFormat

/// The script's own PingAM journey: the authenticate loop from the script's `start`.
struct AuthenticatePhase: PhaseDriver {
    let start: StartSpec
    let handlers: HandlerChain

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        var loop = JourneyLoop(session: session, start: start, handlers: handlers)
        switch try await loop.run() {
        case .outcome(let outcome, let amSession): return .next(handoff.with(outcome, after: amSession))
        case .stopped(let failures): return .stop(handoff, failures)
        }
    }
}

import JourneyFormat

/// What a compiled journey runs, in order: `uses:`, the journey (PingAM's authenticate loop or
/// MobileFirst's protocol), `oauth:` tokens, the `request:` resource phase, then `cleanup:`. Built once when the
/// script is compiled; each run executes it with a session of its own.
struct RunPlan: Sendable {
    var phases: [any PhaseDriver]

    init(_ script: Script) {
        var phases: [any PhaseDriver] = []
        switch script.body {
        case .mobileFirst(let spec):
            phases.append(MobileFirstPhase(spec: spec, request: script.request, expectation: script.expect.tokens))
        case .rakuten(let spec):
            phases.append(
                RakutenPhase(
                    client: RakutenClient(spec: spec), tokens: script.expect.tokens,
                    challenge: script.expect.challenge))
        case .pingAM(let body):
            let handlers = HandlerChain(body.handlers)
            if let uses = script.uses { phases.append(UsesPhase(uses: uses)) }
            if let start = body.start { phases.append(AuthenticatePhase(start: start, handlers: handlers)) }
            if let oauth = script.oauth {
                phases.append(OAuthPhase(client: OAuthClient(spec: oauth), expectation: script.expect.tokens))
            }
            if let request = script.request {
                phases.append(
                    ResourcePhase(
                        spec: request, start: body.start, handlers: handlers, singleUse: script.expect.singleUse,
                        oauth: script.oauth.map(OAuthClient.init)))
            }
        }
        if let cleanup = script.cleanup {
            phases.append(
                CleanupPhase(
                    spec: cleanup, oauth: script.oauth.map(OAuthClient.init),
                    rakuten: script.rakuten.map(RakutenClient.init)))
        }
        self.phases = phases
    }
}

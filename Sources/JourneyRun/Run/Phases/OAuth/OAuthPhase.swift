import JourneyCore
import JourneyFormat

/// `oauth:` — after a successful journey (or alone, for client credentials), gets tokens as the
/// SDKs do, verifies the ID token, refreshes and calls userinfo when asked, and checks
/// `expect.tokens`. A refusal (an OAuth error, an invalid ID token) ends the run with a
/// `failure` outcome a script can expect by name.
struct OAuthPhase: PhaseDriver {
    let client: OAuthClient
    let expectation: TokensExpectation?

    /// The variables the phase sets: the tokens (secrets) and the ID token's claims.
    static let phase = "oauth"

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        let outcome = handoff.outcome
        if let outcome, !outcome.isSuccess {
            return .next(handoff, noTokens("the journey ended with \(outcome.summary)"))
        }
        let client = self.client.forPhase(after: handoff.grant)
        var tokens: OAuthTokens
        switch try await client.obtainTokens(with: handoff.amSession, in: session, phase: Self.phase) {
        case .tokens(let granted): tokens = granted
        case .refused(let refusal): return refused(refusal, by: client, after: handoff, in: session)
        }
        if client.spec.refresh {
            switch try await client.refresh(tokens, in: session, phase: "oauth refresh") {
            case .tokens(let fresh):
                if let old = tokens.refreshToken, let new = fresh.refreshToken, let index = session.lastStepIndex {
                    session.note(
                        stepAt: index, "refresh",
                        old == new ? "refresh token kept (no rotation)" : "refresh token rotated")
                }
                tokens = fresh
            case .refused(let refusal): return refused(refusal, by: client, after: handoff, in: session)
            }
        }
        if client.spec.userinfo || expectation?.userinfo != nil {
            tokens.userinfo = try await userinfo(tokens, client: client, in: session)
        }
        tokens.publish(to: session.context)
        var failures = PhaseFailures()
        if let expectation {
            failures.add(try TokensChecker.check(tokens, against: expectation, evaluator: session.context.evaluator))
        }
        return .next(
            handoff.with(
                outcome ?? .success(tokenPresent: false, realm: nil, successUrl: nil), grant: client.grant(tokens)),
            failures)
    }

    /// A refusal ends the run with its `failure` outcome; `expect.tokens` then has nothing to
    /// check, which is a failure of its own (never a silently skipped expectation). Tokens the
    /// client was issued but refused are handed on for `cleanup.revoke` alone.
    private func refused(
        _ refusal: Outcome, by client: OAuthClient, after handoff: PhaseHandoff, in session: RunSession
    )
        -> PhaseResult
    {
        var next = handoff.with(refusal)
        if let issued = client.refusedTokens {
            next.grant = client.grant(issued)
        }
        return .end(next, noTokens("the provider refused: \(refusal.summary)"))
    }

    private func noTokens(_ why: String) -> PhaseFailures {
        var failures = PhaseFailures()
        if let expectation {
            failures.add(
                ExpectationFailure("expect.tokens: the run got no tokens: \(why)", location: expectation.location))
        }
        return failures
    }

    /// `GET userinfo` with the access token; its `sub` must be the ID token's.
    private func userinfo(_ tokens: OAuthTokens, client: OAuthClient, in session: RunSession) async throws(RunError)
        -> JSONValue?
    {
        let endpoints = try await client.endpoints(in: session)
        let request = TransportRequest(
            method: "GET", url: endpoints.userinfo,
            headers: [
                HeaderField("Accept", "application/json"), HeaderField("Authorization", "Bearer \(tokens.accessToken)"),
            ])
        let (response, index) = try await session.call(request, phase: "oauth userinfo", party: .oauth)
        guard response.status == 200, let json = try? JSONValue.parse(response.body), json.objectValue != nil else {
            session.recordFailure(
                "userinfo answered \(session.describe(response))", onStepAt: index, location: client.spec.location)
            return nil
        }
        // A replayed userinfo may have the subject redacted (`«secret»`): a secret is never compared.
        if let sub = tokens.claims["sub"]?.stringValue, let got = json["sub"]?.stringValue, got != sub,
            !Placeholder.matches(sub, withPlaceholders: got)
        {
            session.recordFailure(
                "userinfo's sub '\(got)' is not the ID token's '\(sub)'", onStepAt: index,
                location: client.spec.location)
        }
        return json
    }
}

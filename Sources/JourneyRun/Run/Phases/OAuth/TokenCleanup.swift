import JourneyCore

/// `cleanup: { revoke: true, endSession: true }`: revokes the refresh token (the whole grant) or
/// the access token, and ends the session with the ID token as `id_token_hint`.
struct TokenCleanup: Sendable {
    let client: OAuthClient
    /// What the phases before handed on: the tokens to revoke, the provider's endpoints.
    let grant: OAuthGrant?

    init(client: OAuthClient, grant: OAuthGrant?) {
        self.client = client.forPhase(after: grant)
        self.grant = grant
    }

    /// Without tokens, a run that failed earlier (an expected OAuth error) has nothing to clean up;
    /// a run that succeeded without tokens fails the check.
    func revoke(in session: RunSession, after outcome: Outcome?, location: SourceLocation) async throws(RunError)
        -> [ExpectationFailure]
    {
        let tokens: OAuthTokens
        switch Self.tokensToRevoke(grant, after: outcome, location: location) {
        case .tokens(let held): tokens = held
        case .none(let failures): return failures
        }
        let token = tokens.refreshToken ?? tokens.accessToken
        let hint = tokens.refreshToken != nil ? "refresh_token" : "access_token"
        let (response, index) = try await client.revoke(token, hint: hint, in: session)
        session.expectSuccess(
            response, at: index, "the revocation", note: ("revoke", "\(hint) revoked"), location: location)
        return []
    }

    /// The run's tokens for `cleanup.revoke`, or none: which fails the check after a success (a
    /// run that ended on an expected refusal has nothing to revoke).
    enum TokensToRevoke {
        case tokens(OAuthTokens)
        case none([ExpectationFailure])
    }

    static func tokensToRevoke(_ grant: OAuthGrant?, after outcome: Outcome?, location: SourceLocation)
        -> TokensToRevoke
    {
        guard let tokens = grant?.tokens else {
            guard outcome?.isSuccess ?? true else { return .none([]) }
            return .none([ExpectationFailure("cleanup.revoke: the run has no tokens to revoke", location: location)])
        }
        return .tokens(tokens)
    }

    func endSession(in session: RunSession, after outcome: Outcome?, location: SourceLocation) async throws(RunError)
        -> [ExpectationFailure]
    {
        guard let idToken = grant?.tokens.idToken else {
            guard outcome?.isSuccess ?? true else {
                if grant != nil, let index = session.lastStepIndex {
                    session.note(stepAt: index, "endSession", "not sent: the run holds no verified ID token")
                }
                return []
            }
            return [
                ExpectationFailure(
                    "cleanup.endSession: the run has no ID token for id_token_hint (is openid in oauth.scope?)",
                    location: location)
            ]
        }
        let endpoints = try await client.endpoints(in: session)
        let request = TransportRequest(
            method: "GET", url: endpoints.endSession + AMEndpoints.queryString([("id_token_hint", idToken)]),
            headers: [])
        let (response, index) = try await session.call(request, phase: "cleanup", party: .oauth)
        if (200..<400).contains(response.status) {
            session.note(stepAt: index, "endSession", "done (HTTP \(response.status))")
        } else {
            session.recordFailure(
                "the end of session answered \(session.describe(response))", onStepAt: index, location: location)
        }
        return []
    }
}

import JourneyCore

extension RunSession {
    /// Keeps the tokens for later phases (a request, cleanup) and as the run's variables:
    /// `access_token`, `refresh_token` (secrets), `id_token` (its signature is the secret) and `claims`.
    func keep(_ tokens: OAuthTokens) {
        withState { $0.oauthTokens = tokens }
        context.setVariable("access_token", ResolvedValue(.string(tokens.accessToken), secretName: "access_token"))
        if let refresh = tokens.refreshToken {
            context.setVariable("refresh_token", ResolvedValue(.string(refresh), secretName: "refresh_token"))
        }
        if let idToken = tokens.idToken { context.setVariable("id_token", ResolvedValue(.string(idToken))) }
        context.setVariable("claims", ResolvedValue(.object(tokens.claims)))
    }

    /// Keeps tokens the run received but refused (their ID token failed its checks) for
    /// `cleanup.revoke` alone: a refusal must not leave a live grant on the server. The refused
    /// ID token is dropped: it is no `id_token_hint`.
    func keepForCleanup(_ tokens: OAuthTokens) {
        var tokens = tokens
        tokens.idToken = nil
        withState { $0.oauthTokens = tokens }
    }
}

import JourneyCore

extension RunSession {
    /// Sets the run's variables from tokens a phase obtained: `access_token`, `refresh_token`
    /// (secrets), `id_token` (its signature is the secret) and `claims`. Later phases get the
    /// tokens themselves in the phase's grant.
    func publish(_ tokens: OAuthTokens) {
        context.setVariable("access_token", ResolvedValue(.string(tokens.accessToken), secretName: "access_token"))
        if let refresh = tokens.refreshToken {
            context.setVariable("refresh_token", ResolvedValue(.string(refresh), secretName: "refresh_token"))
        }
        if let idToken = tokens.idToken { context.setVariable("id_token", ResolvedValue(.string(idToken))) }
        context.setVariable("claims", ResolvedValue(.object(tokens.claims)))
    }
}

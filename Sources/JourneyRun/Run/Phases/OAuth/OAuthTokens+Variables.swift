import JourneyCore

extension OAuthTokens {
    /// Sets the run's variables from tokens a phase obtained: `access_token`, `refresh_token`
    /// (secrets), `id_token` (its signature is the secret) and `claims`. Later phases get the
    /// tokens themselves in the phase's grant.
    func publish(to context: RunContext) {
        context.setVariable("access_token", ResolvedValue(.string(accessToken), secretName: "access_token"))
        if let refresh = refreshToken {
            context.setVariable("refresh_token", ResolvedValue(.string(refresh), secretName: "refresh_token"))
        }
        if let idToken { context.setVariable("id_token", ResolvedValue(.string(idToken))) }
        context.setVariable("claims", ResolvedValue(.object(claims)))
    }
}

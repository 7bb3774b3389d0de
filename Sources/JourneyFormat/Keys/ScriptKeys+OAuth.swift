import JourneyCore

/// `oauth:` and its `privateKeyJwt:`.
extension ScriptKeys {
    /// The keys of `oauth:`, each named once.
    enum OAuth: String, ScriptKeyName {
        case clientId, redirectUri, scope, grant, clientSecret, clientAuth, privateKeyJwt, pkce, acrValues, authorize,
            consent, refresh, discovery, userinfo
    }

    static let oauth = MappingDeclaration(
        "oauth",
        doc:
            "The OAuth 2.0 client and what to ask for. Sets the variables access_token, refresh_token (secrets), id_token and claims.",
        keys: [
            .required(OAuth.clientId, .defined("template"), "The OAuth 2.0 client id."),
            .optional(
                OAuth.redirectUri, .defined("template"),
                "The client's registered redirect URI; the code is read from the redirect to it, which is never followed."
            ),
            .optional(
                OAuth.scope, .anyOf([.list(.string()), .string()]),
                "Scopes to ask for: a list or one space-separated text."
            ),
            .optional(
                OAuth.grant, .cases(of: OAuthSpec.Grant.self), default: "authorizationCode",
                "authorizationCode (with the journey's session) or clientCredentials (a service client; no journey needed)."
            ),
            .optional(
                OAuth.clientSecret, .defined("valueSpec"),
                "The client secret (always treated as a secret); sent with HTTP Basic unless clientAuth says post."),
            .optional(
                OAuth.clientAuth, .cases(of: OAuthSpec.ClientAuth.self),
                "How the client authenticates at the token endpoint (default: basic with a secret, privateKeyJwt with a key, else none)."
            ),
            .optional(
                OAuth.privateKeyJwt, .defined("oauth.privateKeyJwt"),
                "Authenticate with a JWT client assertion signed by this key (private_key_jwt)."),
            .optional(OAuth.pkce, .bool, default: "true", "PKCE with S256."),
            .optional(OAuth.acrValues, .defined("template"), "acr_values of the authorize request."),
            .optional(
                OAuth.authorize, .map(.defined("template")), "Extra authorize parameters (prompt, ui_locales, ...)."),
            .optional(
                OAuth.consent, .cases(of: OAuthSpec.Consent.self),
                "Answer a consent page with decision=allow|deny (csrf is the session). Without it a consent page is the failure consent_required."
            ),
            .optional(
                OAuth.refresh, .bool, default: "false",
                "Refresh once after the first tokens (the new tokens replace them)."
            ),
            .optional(
                OAuth.discovery, .bool, default: "true",
                "Read /.well-known/openid-configuration; false uses AM's realm paths."),
            .optional(
                OAuth.userinfo, .bool, default: "false",
                "Call userinfo with the access token (implied by expect.tokens.userinfo)."),
        ])

    /// The keys of `oauth.privateKeyJwt:`, each named once.
    enum PrivateKeyJwt: String, ScriptKeyName {
        case key, kid
    }

    static let privateKeyJwt = MappingDeclaration(
        "oauth.privateKeyJwt",
        doc: "The key that signs the client assertion.",
        keys: [
            .required(
                PrivateKeyJwt.key, .string(),
                "PEM private key file (RSA for RS256, P-256 for ES256), relative to the script."),
            .optional(PrivateKeyJwt.kid, .string(), "The kid of the client assertion's header."),
        ])
}

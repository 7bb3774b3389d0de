import JourneyCore

/// `oauth:`, the OAuth 2.0 / OpenID Connect provider.
extension TreeKeys {
    static let oauthCode = lifetime("code", "120", "Authorization code.")
    static let oauthAccessToken = lifetime("accessToken", "3600", "Access token.")
    static let oauthRefreshToken = lifetime("refreshToken", "604800", "Refresh token.")
    static let oauthIDToken = lifetime("idToken", "3600", "ID token.")

    private static func lifetime(_ name: String, _ defaultText: String, _ doc: String) -> KeyDeclaration {
        .optional(name, .integer(TreeRanges.seconds), default: defaultText, doc)
    }

    static let oauth = MappingDeclaration(
        "oauth",
        doc:
            "OAuth 2.0 / OpenID Connect provider served under /am/oauth2/realms/root[/realms/<realm>]/ in every served realm.",
        keys: [
            .required("keys", .list(.mapping(oauthKey)), "ID token signing keys; the first is the default."),
            .optional("lifetimes", .mapping(oauthLifetimes)),
            .optional("scopes", .list(.string()), "The realm's known scopes."),
            .optional("clients", .list(.mapping(oauthClient)), "The registered clients."),
        ])

    static let oauthKey = MappingDeclaration(
        "an oauth key",
        keys: [
            .required("kid", .string(), "The key id in the JWKS and in ID token headers."),
            .required("alg", .cases(of: OAuthAlgorithm.self), "The signing algorithm."),
            .required("file", .string(), "PEM private key (PKCS#8, PKCS#1 or SEC1), relative to the tree file."),
        ])

    static let oauthLifetimes = MappingDeclaration(
        "lifetimes", doc: "Seconds on the simulator clock.",
        keys: [oauthCode, oauthAccessToken, oauthRefreshToken, oauthIDToken])

    static let oauthClient = MappingDeclaration(
        "an oauth client",
        keys: [
            .required("clientId", .string(), "The client_id."),
            .optional("secret", .string(), "Client secret (client_secret_basic or client_secret_post)."),
            .optional(
                "jwks", .string(), "PEM public key (RSA or P-256) for private_key_jwt, relative to the tree file."),
            .optional("redirectUris", .list(.string()), "Registered redirect URIs (needed by authorizationCode)."),
            .optional("postLogoutRedirectUris", .list(.string()), "Where endSession may redirect."),
            .optional(
                "scopes", .list(.string()), default: "all the realm's", "Scopes the client may ask for."),
            .optional("defaultScopes", .list(.string()), "Granted when authorize asks for no scope."),
            .optional(
                "grants", .list(.cases(of: OAuthGrant.self)), default: "authorizationCode, refreshToken",
                "The grants the client may use."),
            .optional(
                "idTokenKey", .string(), default: "the first key", "kid of the key that signs the client's ID tokens."),
            .optional(
                "consent", .bool, default: "false", "Answer authorize with a consent page (false: implied consent)."),
            .optional(
                "idTokenFaults", .list(.cases(of: IDTokenFault.self)),
                "Spoil the client's ID tokens on purpose (relying-party tests)."),
        ])
}

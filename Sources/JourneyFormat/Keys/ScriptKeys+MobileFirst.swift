import JourneyCore

/// `mobilefirst:` (protocol: mobilefirst), its `application:` and `confidentialClient:`.
extension ScriptKeys {
    /// Keys that need a registered mobile client (not the `clientCredentials` grant).
    static let mobileFirstRegisteredOnly = ["application", "redirectUri", "encoding", "heartbeat", "logout"]
    /// Outcomes of a MobileFirst script.
    static let mobileFirstOutcomes = ["token", "failure", "blocked"]

    static let mobileFirst = MappingDeclaration(
        "mobilefirst",
        doc: "A MobileFirst Foundation 8.0 client.",
        keys: [
            .required(
                "scope", .anyOf([.string(.nonEmpty), .list(.string(), ListRule(minItems: 1))]),
                "Scope elements: a space-separated string or a list; sent sorted."),
            .optional(
                "application", .defined("mobilefirst.application"), "The application the client registers as."),
            .optional("redirectUri", .string(), default: "https://mfpredirecturi", "The OAuth redirect_uri."),
            .optional(
                "encoding", .cases(of: JWSEncoding.self), default: "base64url",
                "Encoding of the registration JWS parts (the web SDK uses base64)."),
            .optional(
                "grant", .cases(of: OAuthSpec.Grant.self), default: "authorizationCode",
                "authorizationCode (register, answer the security checks, code, token) or clientCredentials (the confidentialClient gets the token with HTTP Basic)."
            ),
            .optional(
                "confidentialClient", .defined("mobilefirst.confidentialClient"),
                "The confidential client of grant: clientCredentials and of introspect."),
            .optional(
                "introspect", .bool, default: "false",
                "Introspect the token at /az/v1/introspection as the confidentialClient (its token for authorization.introspect); expect.tokens.introspection checks the answer."
            ),
            .optional("heartbeat", .bool, default: "false", "POST /preauth/v1/heartbeat once the token is obtained."),
            .optional(
                "logout", .string(),
                "Log out of this security check once the token is obtained, then preauthorize again: the check must challenge again."
            ),
        ])

    static let mobileFirstApplication = MappingDeclaration(
        "mobilefirst.application",
        doc: "The registration payload's application.",
        keys: [
            .optional("id", .string(), default: "com.example.journey", "application.id."),
            .optional("platform", .string(), default: "ios", "The platform."),
            .optional("version", .textOrNumber, default: "1.0.0", "The application version."),
        ])

    static let mobileFirstConfidentialClient = MappingDeclaration(
        "mobilefirst.confidentialClient",
        doc: "A MobileFirst confidential client.",
        keys: [
            .required("id", .string(), "The confidential client's id (a template)."),
            .required(
                "secret", .defined("valueSpec"), "Its secret (always treated as a secret), sent with HTTP Basic."),
        ])
}

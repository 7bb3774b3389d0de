import JourneyCore

/// `mobilefirst:` (protocol: mobilefirst), its `application:` and `confidentialClient:`, and a
/// member of a security check's answer computed by a solver.
extension ScriptKeys {
    /// Keys that need a registered mobile client (not the `clientCredentials` grant).
    static let mobileFirstRegisteredOnly = ["application", "redirectUri", "encoding", "heartbeat", "logout"]
    /// Outcomes of a MobileFirst script.
    static let mobileFirstOutcomes = ["token", "failure", "blocked"]

    /// The keys of `mobilefirst:`, each named once.
    enum MobileFirst: String, ScriptKeyName {
        case scope, application, redirectUri, encoding, grant, confidentialClient, introspect, heartbeat, logout
    }

    static let mobileFirst = MappingDeclaration(
        "mobilefirst",
        doc: "A MobileFirst Foundation 8.0 client.",
        keys: [
            .required(
                MobileFirst.scope, .anyOf([.string(.nonEmpty), .list(.string(), ListRule(minItems: 1))]),
                "Scope elements: a space-separated string or a list; sent sorted."),
            .optional(
                MobileFirst.application, .defined("mobilefirst.application"), "The application the client registers as."
            ),
            .optional(MobileFirst.redirectUri, .string(), default: "https://mfpredirecturi", "The OAuth redirect_uri."),
            .optional(
                MobileFirst.encoding, .cases(of: JWSEncoding.self), default: "base64url",
                "Encoding of the registration JWS parts (the web SDK uses base64)."),
            .optional(
                MobileFirst.grant, .cases(of: OAuthSpec.Grant.self), default: "authorizationCode",
                "authorizationCode (register, answer the security checks, code, token) or clientCredentials (the confidentialClient gets the token with HTTP Basic)."
            ),
            .optional(
                MobileFirst.confidentialClient, .defined("mobilefirst.confidentialClient"),
                "The confidential client of grant: clientCredentials and of introspect."),
            .optional(
                MobileFirst.introspect, .bool, default: "false",
                "Introspect the token at /az/v1/introspection as the confidentialClient (its token for authorization.introspect); expect.tokens.introspection checks the answer."
            ),
            .optional(
                MobileFirst.heartbeat, .bool, default: "false", "POST /preauth/v1/heartbeat once the token is obtained."
            ),
            .optional(
                MobileFirst.logout, .string(),
                "Log out of this security check once the token is obtained, then preauthorize again: the check must challenge again."
            ),
        ])

    /// The keys of `mobilefirst.application:`, each named once.
    enum MobileFirstApplication: String, ScriptKeyName {
        case id, platform, version
    }

    static let mobileFirstApplication = MappingDeclaration(
        "mobilefirst.application",
        doc: "The registration payload's application.",
        keys: [
            .optional(MobileFirstApplication.id, .string(), default: "com.example.journey", "application.id."),
            .optional(MobileFirstApplication.platform, .string(), default: "ios", "The platform."),
            .optional(MobileFirstApplication.version, .textOrNumber, default: "1.0.0", "The application version."),
        ])

    /// The keys of `mobilefirst.confidentialClient:`, each named once.
    enum MobileFirstConfidentialClient: String, ScriptKeyName {
        case id, secret
    }

    static let mobileFirstConfidentialClient = MappingDeclaration(
        "mobilefirst.confidentialClient",
        doc: "A MobileFirst confidential client.",
        keys: [
            .required(MobileFirstConfidentialClient.id, .string(), "The confidential client's id (a template)."),
            .required(
                MobileFirstConfidentialClient.secret, .defined("valueSpec"),
                "Its secret (always treated as a secret), sent with HTTP Basic."),
        ])

    /// The keys of a member of a security check's answer written as a mapping with `solve`
    /// (`SimpleCaptcha: { answer: { solve: arithmetic } }`), each named once.
    enum SecurityCheckMember: String, ScriptKeyName {
        case solve
    }

    /// A member computed by a solver; a member without `solve` is a value. Not a `$defs` entry:
    /// the schema takes a security check's answer as any object.
    static let securityCheckMember = MappingDeclaration(
        "a security check answer's member",
        keys: [
            .required(
                SecurityCheckMember.solve, .anyOf([.cases(of: SolveSpec.Scheme.self), .defined("solve")]),
                "How the member's value is computed from the challenge.")
        ])
}

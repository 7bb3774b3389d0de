import JourneyCore

/// `mobilefirst:`, a MobileFirst Foundation 8.0 runtime.
extension TreeKeys {
    static let mobileFirstTokenLifetime = KeyDeclaration.optional(
        "tokenLifetime", .integer(TreeRanges.seconds), default: "3600", "Seconds an access token lasts.")
    static let mobileFirstCodeLifetime = KeyDeclaration.optional(
        "codeLifetime", .integer(TreeRanges.seconds), default: "300", "Seconds an authorization code lasts.")
    static let maxAttempts = KeyDeclaration.optional(
        "maxAttempts", .integer(TreeRanges.count), default: "simpleCaptcha 3, pin 1",
        "Wrong answers before the check blocks.")
    static let attemptingStateExpirationSec = KeyDeclaration.optional(
        "attemptingStateExpirationSec", .integer(TreeRanges.seconds), default: "simpleCaptcha 60, pin 120",
        "Seconds to answer.")
    static let successStateExpirationSec = KeyDeclaration.optional(
        "successStateExpirationSec", .integer(TreeRanges.seconds), default: "simpleCaptcha 60, pin 3600",
        "Seconds the success (granted scope) lasts.")
    static let blockedStateExpirationSec = KeyDeclaration.optional(
        "blockedStateExpirationSec", .integer(0...TreeRanges.seconds.upperBound), default: "simpleCaptcha 10, pin 0",
        "Seconds the block lasts.")
    static let maxOperator = KeyDeclaration.optional(
        "maxOperator", .integer(TreeRanges.count), default: "10", "simpleCaptcha: operands 0 .. maxOperator-1.")
    static let mobileFirstFaultTimes = KeyDeclaration.optional(
        "times", .integer(TreeRanges.count), default: "1", "The first n requests of each device.")

    /// A scope: a space-separated string or a list of names.
    static let scopeList = ValueDeclaration.anyOf([.string(), .list(.string())])

    static let mobileFirst = MappingDeclaration(
        "mobilefirst", doc: "A MobileFirst Foundation 8.0 runtime served under /mfp/api.",
        keys: [
            .required("securityChecks", .map(.mapping(securityCheck)), "Security checks by name."),
            .optional(
                "scopes", .map(scopeList),
                "Scope elements mapped to the checks protecting them; a check's name is always a scope element of its own."
            ),
            .optional("adapters", .list(.mapping(adapter)), "Protected adapter resources."),
            mobileFirstTokenLifetime,
            mobileFirstCodeLifetime,
            .optional("faults", .list(.mapping(mobileFirstFault)), "Faults for each device's first requests."),
            .optional(
                "confidentialClients", .map(.mapping(confidentialClient)),
                "Confidential clients by id: client_credentials with HTTP Basic at /az/v1/token, and /az/v1/introspection."
            ),
        ])

    static let securityCheck = MappingDeclaration(
        "a security check",
        keys: [
            .required(
                "type", .cases(of: SecurityCheckDefinition.Kind.self),
                "simpleCaptcha: {captcha, message} answered {answer}; pin: {errorMsg, remainingAttempts} answered {pin}."
            ),
            maxAttempts,
            attemptingStateExpirationSec,
            successStateExpirationSec,
            blockedStateExpirationSec,
            maxOperator,
            .optional("pin", .anyOf([.string(), .integer(0...Int.max)]), default: "1234", "pin: the expected PIN."),
        ])

    static let adapter = MappingDeclaration(
        "an adapter",
        keys: [
            .required(
                "path", .string(StringRule(pattern: "^/adapters/")),
                "Path under /mfp/api, e.g. /adapters/accounts/balance."),
            .optional("method", .strings(AdapterDefinition.methods), default: "GET", "The HTTP method served."),
            .optional("scope", scopeList, "Scope elements the token must hold."),
            .optional("body", .json, default: "{\"result\": \"ok\"}", "The JSON answered with a valid token."),
        ])

    static let mobileFirstFault = MappingDeclaration(
        "a fault",
        keys: [
            .required("endpoint", .cases(of: MobileFirstFault.Endpoint.self), "The endpoint that fails."),
            .required(
                "kind", .cases(of: MobileFirstFault.Kind.self),
                "conflict: 409 MFP-Conflict; invalidClient: the client is forgotten, 400 INVALID_CLIENT_ID."),
            mobileFirstFaultTimes,
        ])

    static let confidentialClient = MappingDeclaration(
        "a confidential client",
        keys: [
            .required(
                "secret", .anyOf([.string(), .integer(0...Int.max)]), "The client secret (HTTP Basic at /az/v1/token)."),
            .optional(
                "scope", scopeList, default: "*",
                "Scope elements the client may ask for: * is any; authorization.introspect allows introspection."),
        ])
}

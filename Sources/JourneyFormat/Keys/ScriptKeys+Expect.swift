import JourneyCore

/// `capture:` and `expect:`: steps, outcomes and their checks, tokens, Challenger's challenge.
extension ScriptKeys {
    /// Where a capture's value comes from (`capture.NAME.from`).
    static let captureSources = [
        "output", "stage", "header", "description", "response", "httpHeader", "registrationUri", "recoveryCodes",
    ]

    static let capture = MappingDeclaration(
        "a capture",
        doc: "Pulls a value out of a step into a variable for later steps.",
        rules: ["allOf": captureSourceRules],
        keys: [
            .required("from", .strings(captureSources), "Where the value comes from."),
            .optional(
                "callback", .defined("matcher"), default: "any callback",
                "from output: which callback (a type or match criteria)."),
            .optional("name", .string(), "from output: the output's name; from httpHeader: the header's name."),
            .optional(
                "path", .string(), "from response: a dotted path into the response body (tokenId, detail.failureUrl)."),
            .optional(
                "regex", .string(), "Keep the first group (or the whole match) of this regex; /slashes/ optional."),
            .optional("step", .integer(NumberRanges.steps), "Capture only at this step (counted from 1)."),
            .optional("secret", .bool, default: "false", "Redact the captured value everywhere."),
        ])

    /// Which keys each `from` needs or refuses (the loader's `checkOnlyFor`).
    static let captureSourceRules: JSONValue = [
        [
            "if": ["properties": ["from": ["const": "output"]]], "then": ["required": ["name"]],
            "else": ["properties": ["callback": false]],
        ],
        [
            "if": ["properties": ["from": ["const": "response"]]], "then": ["required": ["path"]],
            "else": ["properties": ["path": false]],
        ],
        ["if": ["properties": ["from": ["const": "httpHeader"]]], "then": ["required": ["name"]]],
        [
            "if": ["properties": ["from": ["enum": ["output", "httpHeader"]]]],
            "else": ["properties": ["name": false]],
        ],
    ]

    static let expect = MappingDeclaration(
        "expect",
        doc: "What the run must show: the callbacks of each step and the outcome (default success).",
        keys: [
            .optional(
                "steps", .list(.anyOf([.list(.defined("callbackType")), .defined("step")])),
                "The steps, in order: each a list of callback types, or a mapping with checks."),
            .optional("outcome", .defined("outcome"), default: "success", "The expected outcome."),
            .optional(
                "singleUse", .bool,
                "With authorized: retry once more without a new journey and expect a denial (TransactionConditionAdvice grants are single-use)."
            ),
            .optional(
                "tokens", .defined("expect.tokens"), "Checks on the oauth: phase's tokens, beside the outcome."),
            .optional(
                "challenge", .defined("expect.challenge"), "protocol: rakuten: checks on Challenger's challenge."),
        ])

    static let step = MappingDeclaration(
        "a step",
        doc: "One expected step.",
        keys: [
            .required("callbacks", .list(.defined("callbackType")), "The callback types, in order."),
            .optional("stage", .defined("pattern"), "The step's stage: exact text or /regex/."),
            .optional("header", .defined("pattern"), "The step's header: exact text or /regex/."),
            .optional(
                "outputs", .map(.json, names: "^[^.]+\\..+$"),
                "Checks on outputs keyed Type.output (the first callback of that type): a /regex/ string, or a value that must be equal."
            ),
        ])

    /// `expect.outcome` as a mapping: one outcome's name and its checks (nothing: no checks).
    static let outcome = MappingDeclaration(
        "expect.outcome",
        rules: ["minProperties": 1, "maxProperties": 1],
        keys: [
            .optional("success", checks("outcome.success"), "The journey succeeded."),
            .optional("failure", checks("outcome.failure"), "AM answered with a login failure (HTTP 4xx)."),
            .optional(
                "suspended", checks("outcome.suspended"), "The journey was suspended (SuspendedTextOutputCallback)."),
            .optional("redirect", checks("outcome.redirect"), "The journey sent a RedirectCallback."),
            .optional(
                "timeout", .anyOf([.null, .mapping(MappingDeclaration("expect.outcome.timeout", keys: []))]),
                "AM's own 401 'Session has timed out' (errorCode 110)."),
            .optional(
                "authorized", checks("outcome.authorized"), "The request: phase got a 2xx, after satisfying any advice."
            ),
            .optional(
                "denied", checks("outcome.denied"),
                "The request: phase was refused (non-2xx without advice, or the advice journey failed)."),
            .optional(
                "token", checks("outcome.token"),
                "MobileFirst: an access token was obtained (and the request: resource called with it)."),
            .optional(
                "blocked", checks("outcome.blocked"),
                "MobileFirst: a security check answered 403 with its account blocked."),
        ])

    /// An outcome's checks, or nothing (`success:` without checks).
    private static func checks(_ name: String) -> ValueDeclaration {
        .anyOf([.null, .defined(name)])
    }

    static let successOutcome = MappingDeclaration(
        "expect.outcome.success",
        doc: "Checks on a success.",
        keys: [
            .optional("realm", .defined("pattern"), "The realm in the success body."),
            .optional("successUrl", .defined("pattern"), "The successUrl in the success body."),
            .optional("session", .bool, "true: a tokenId must be present; false: none (noSession)."),
        ])

    static let failureOutcome = MappingDeclaration(
        "expect.outcome.failure",
        doc: "Checks on a failure.",
        keys: [
            .optional("code", .integer(NumberRanges.httpStatus), "The HTTP status code, e.g. 401."),
            .optional("reason", .defined("pattern"), "The reason, e.g. Unauthorized."),
            .optional("message", .defined("pattern"), "The message, e.g. Login failure."),
            .optional("detail", .map(.defined("pattern")), "Checks on members of detail, e.g. failureUrl."),
            .optional(
                "error", .defined("pattern"),
                "An OAuth 2.0 error (invalid_grant, access_denied, consent_required, invalid_id_token, ...)."),
            .optional("errorDescription", .defined("pattern"), "The OAuth 2.0 error_description."),
        ])

    static let suspendedOutcome = MappingDeclaration(
        "expect.outcome.suspended",
        doc: "Checks on a suspension.",
        keys: [.optional("message", .defined("pattern"), "The SuspendedTextOutputCallback's message.")])

    static let redirectOutcome = MappingDeclaration(
        "expect.outcome.redirect",
        doc: "Checks on a redirect.",
        keys: [.optional("url", .defined("pattern"), "The RedirectCallback's redirectUrl.")])

    /// A resource's answer: a mapping or list of members the JSON body must contain, or a pattern on its text.
    static let resourceBody = KeyDeclaration.optional(
        "body", .anyOf([.object, .list(.json), .defined("pattern")]),
        "A mapping: members the JSON body must contain; a string: a pattern on the body text.")

    static let resourceKeys: [KeyDeclaration] = [
        .optional("status", .integer(NumberRanges.httpStatus), "The resource's final HTTP status."),
        resourceBody,
        .optional("advice", .defined("pattern"), "The advice satisfied (or not), e.g. TransactionConditionAdvice."),
    ]

    static let authorizedOutcome = MappingDeclaration(
        "expect.outcome.authorized", doc: "Checks on the resource's 2xx answer.", keys: resourceKeys)

    static let deniedOutcome = MappingDeclaration(
        "expect.outcome.denied", doc: "Checks on the resource's refusal.", keys: resourceKeys)

    static let tokenResource = MappingDeclaration(
        "expect.outcome.token.resource",
        doc: "The answer of the request: resource called with the token.",
        keys: [.optional("status", .integer(NumberRanges.httpStatus), "The resource's HTTP status."), resourceBody])

    static let tokenOutcome = MappingDeclaration(
        "expect.outcome.token",
        doc: "Checks on the token.",
        keys: [
            .optional("scope", .defined("pattern"), "The granted scope."),
            .optional(
                "resource", .mapping(tokenResource), "The answer of the request: resource called with the token."),
        ])

    static let blockedOutcome = MappingDeclaration(
        "expect.outcome.blocked",
        doc: "Checks on the block.",
        keys: [
            .optional("check", .defined("pattern"), "The security check that blocked."),
            .optional("message", .defined("pattern"), "Its failure message, e.g. Account blocked."),
        ])

    static let expiresIn = MappingDeclaration(
        "expect.tokens.expiresIn",
        doc: "Bounds on expires_in, in seconds.",
        keys: [
            .optional("min", .integer(NumberRanges.tokenLifetimeSeconds), "The least expires_in accepted."),
            .optional("max", .integer(NumberRanges.tokenLifetimeSeconds), "The most expires_in accepted."),
        ])

    static let tokensExpectation = MappingDeclaration(
        "expect.tokens",
        doc: "Token expectations: scope, ID token claims, lifetime, which tokens, userinfo, introspection.",
        keys: [
            .optional(
                "scope", .anyOf([.list(.string()), .string()]),
                "Scopes that must be granted (a list), or /regex/ on the granted scope text."),
            .optional(
                "claims", .map(.json),
                "ID token claims, each exact text (templates expanded), /regex/flags, or a JSON value compared for equality."
            ),
            .optional("expiresIn", .mapping(expiresIn), "Bounds on expires_in, in seconds."),
            .optional("refreshToken", .bool, "A refresh token came (true) or not (false)."),
            .optional("idToken", .bool, "An ID token came (true) or not (false)."),
            .optional("userinfo", .map(.json), "userinfo members (a userinfo call is made)."),
            .optional(
                "introspection", .map(.json),
                "Members of the token's introspection (protocol: mobilefirst with introspect: true), e.g. active: true."
            ),
        ])

    static let challengeExpectation = MappingDeclaration(
        "expect.challenge",
        doc: "protocol: rakuten: checks on Challenger's challenge.",
        keys: [
            .optional("solved", .bool, "Whether the challenge was solved."),
            .optional(
                "ctype", .integer(NumberRanges.challengeType),
                "The challenge type Challenger gave (0 clear pass, 127 proof of work)."),
            .optional(
                "maxTries", .integer(NumberRanges.proofOfWorkTries), "The proof of work took at most this many tries."),
        ])
}

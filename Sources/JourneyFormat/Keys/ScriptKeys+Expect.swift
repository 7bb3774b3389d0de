import JourneyCore

/// `capture:` and `expect:`: steps, outcomes and their checks, tokens, Challenger's challenge.
extension ScriptKeys {
    /// Where a capture's value comes from (`capture.NAME.from`).
    static let captureSources = [
        "output", "stage", "header", "description", "response", "httpHeader", "registrationUri", "recoveryCodes",
    ]

    /// The keys of a capture, each named once.
    enum Capture: String, ScriptKeyName {
        case from, callback, name, path, regex, step, secret
    }

    static let capture = MappingDeclaration(
        "a capture",
        doc: "Pulls a value out of a step into a variable for later steps.",
        rules: ["allOf": captureSourceRules],
        keys: [
            .required(Capture.from, .strings(captureSources), "Where the value comes from."),
            .optional(
                Capture.callback, .defined("matcher"), default: "any callback",
                "from output: which callback (a type or match criteria)."),
            .optional(Capture.name, .string(), "from output: the output's name; from httpHeader: the header's name."),
            .optional(
                Capture.path, .string(),
                "from response: a dotted path into the response body (tokenId, detail.failureUrl)."),
            .optional(
                Capture.regex, .string(), "Keep the first group (or the whole match) of this regex; /slashes/ optional."
            ),
            .optional(Capture.step, .integer(NumberRanges.steps), "Capture only at this step (counted from 1)."),
            .optional(Capture.secret, .bool, default: "false", "Redact the captured value everywhere."),
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

    /// The keys of `expect:`, each named once.
    enum Expect: String, ScriptKeyName {
        case steps, outcome, singleUse, tokens, challenge
    }

    static let expect = MappingDeclaration(
        "expect",
        doc: "What the run must show: the callbacks of each step and the outcome (default success).",
        keys: [
            .optional(
                Expect.steps, .list(.anyOf([.list(.defined("callbackType")), .defined("step")])),
                "The steps, in order: each a list of callback types, or a mapping with checks."),
            .optional(Expect.outcome, .defined("outcome"), default: "success", "The expected outcome."),
            .optional(
                Expect.singleUse, .bool,
                "With authorized: retry once more without a new journey and expect a denial (TransactionConditionAdvice grants are single-use)."
            ),
            .optional(
                Expect.tokens, .defined("expect.tokens"), "Checks on the oauth: phase's tokens, beside the outcome."),
            .optional(
                Expect.challenge, .defined("expect.challenge"), "protocol: rakuten: checks on Challenger's challenge."),
        ])

    /// The keys of an item of `expect.steps`, each named once.
    enum Step: String, ScriptKeyName {
        case callbacks, stage, header, outputs
    }

    static let step = MappingDeclaration(
        "a step",
        doc: "One expected step.",
        keys: [
            .required(Step.callbacks, .list(.defined("callbackType")), "The callback types, in order."),
            .optional(Step.stage, .defined("pattern"), "The step's stage: exact text or /regex/."),
            .optional(Step.header, .defined("pattern"), "The step's header: exact text or /regex/."),
            .optional(
                Step.outputs, .map(.json, names: "^[^.]+\\..+$"),
                "Checks on outputs keyed Type.output (the first callback of that type): a /regex/ string, or a value that must be equal."
            ),
        ])

    /// The keys of `expect.outcome:` (the outcome names), each named once.
    enum Outcome: String, ScriptKeyName {
        case success, failure, suspended, redirect, timeout, authorized, denied, token, blocked
    }

    /// `expect.outcome` as a mapping: one outcome's name and its checks (nothing: no checks).
    static let outcome = MappingDeclaration(
        "expect.outcome",
        rules: ["minProperties": 1, "maxProperties": 1],
        keys: [
            .optional(Outcome.success, checks("outcome.success"), "The journey succeeded."),
            .optional(Outcome.failure, checks("outcome.failure"), "AM answered with a login failure (HTTP 4xx)."),
            .optional(
                Outcome.suspended, checks("outcome.suspended"),
                "The journey was suspended (SuspendedTextOutputCallback)."),
            .optional(Outcome.redirect, checks("outcome.redirect"), "The journey sent a RedirectCallback."),
            .optional(
                Outcome.timeout, .anyOf([.null, .mapping(MappingDeclaration("expect.outcome.timeout", keys: []))]),
                "AM's own 401 'Session has timed out' (errorCode 110)."),
            .optional(
                Outcome.authorized, checks("outcome.authorized"),
                "The request: phase got a 2xx, after satisfying any advice."
            ),
            .optional(
                Outcome.denied, checks("outcome.denied"),
                "The request: phase was refused (non-2xx without advice, or the advice journey failed)."),
            .optional(
                Outcome.token, checks("outcome.token"),
                "MobileFirst: an access token was obtained (and the request: resource called with it)."),
            .optional(
                Outcome.blocked, checks("outcome.blocked"),
                "MobileFirst: a security check answered 403 with its account blocked."),
        ])

    /// An outcome's checks, or nothing (`success:` without checks).
    private static func checks(_ name: String) -> ValueDeclaration {
        .anyOf([.null, .defined(name)])
    }

    /// The keys of `expect.outcome.success:`, each named once.
    enum SuccessOutcome: String, ScriptKeyName {
        case realm, successUrl, session
    }

    static let successOutcome = MappingDeclaration(
        "expect.outcome.success",
        doc: "Checks on a success.",
        keys: [
            .optional(SuccessOutcome.realm, .defined("pattern"), "The realm in the success body."),
            .optional(SuccessOutcome.successUrl, .defined("pattern"), "The successUrl in the success body."),
            .optional(SuccessOutcome.session, .bool, "true: a tokenId must be present; false: none (noSession)."),
        ])

    /// The keys of `expect.outcome.failure:`, each named once.
    enum FailureOutcome: String, ScriptKeyName {
        case code, reason, message, detail, error, errorDescription
    }

    static let failureOutcome = MappingDeclaration(
        "expect.outcome.failure",
        doc: "Checks on a failure.",
        keys: [
            .optional(FailureOutcome.code, .integer(NumberRanges.httpStatus), "The HTTP status code, e.g. 401."),
            .optional(FailureOutcome.reason, .defined("pattern"), "The reason, e.g. Unauthorized."),
            .optional(FailureOutcome.message, .defined("pattern"), "The message, e.g. Login failure."),
            .optional(
                FailureOutcome.detail, .map(.defined("pattern")), "Checks on members of detail, e.g. failureUrl."),
            .optional(
                FailureOutcome.error, .defined("pattern"),
                "An OAuth 2.0 error (invalid_grant, access_denied, consent_required, invalid_id_token, ...)."),
            .optional(FailureOutcome.errorDescription, .defined("pattern"), "The OAuth 2.0 error_description."),
        ])

    /// The keys of `expect.outcome.suspended:`, each named once.
    enum SuspendedOutcome: String, ScriptKeyName {
        case message
    }

    static let suspendedOutcome = MappingDeclaration(
        "expect.outcome.suspended",
        doc: "Checks on a suspension.",
        keys: [.optional(SuspendedOutcome.message, .defined("pattern"), "The SuspendedTextOutputCallback's message.")])

    /// The keys of `expect.outcome.redirect:`, each named once.
    enum RedirectOutcome: String, ScriptKeyName {
        case url
    }

    static let redirectOutcome = MappingDeclaration(
        "expect.outcome.redirect",
        doc: "Checks on a redirect.",
        keys: [.optional(RedirectOutcome.url, .defined("pattern"), "The RedirectCallback's redirectUrl.")])

    /// The keys of `authorized:`, `denied:` and `token.resource:`, each named once.
    enum ResourceOutcome: String, ScriptKeyName {
        case status, body, advice
    }

    /// A resource's answer: a mapping or list of members the JSON body must contain, or a pattern on its text.
    static let resourceBody = KeyDeclaration.optional(
        ResourceOutcome.body, .anyOf([.object, .list(.json), .defined("pattern")]),
        "A mapping: members the JSON body must contain; a string: a pattern on the body text.")

    static let resourceKeys: [KeyDeclaration] = [
        .optional(ResourceOutcome.status, .integer(NumberRanges.httpStatus), "The resource's final HTTP status."),
        resourceBody,
        .optional(
            ResourceOutcome.advice, .defined("pattern"),
            "The advice satisfied (or not), e.g. TransactionConditionAdvice."),
    ]

    static let authorizedOutcome = MappingDeclaration(
        "expect.outcome.authorized", doc: "Checks on the resource's 2xx answer.", keys: resourceKeys)

    static let deniedOutcome = MappingDeclaration(
        "expect.outcome.denied", doc: "Checks on the resource's refusal.", keys: resourceKeys)

    static let tokenResource = MappingDeclaration(
        "expect.outcome.token.resource",
        doc: "The answer of the request: resource called with the token.",
        keys: [
            .optional(ResourceOutcome.status, .integer(NumberRanges.httpStatus), "The resource's HTTP status."),
            resourceBody,
        ])

    /// The keys of `expect.outcome.token:`, each named once.
    enum TokenOutcome: String, ScriptKeyName {
        case scope, resource
    }

    static let tokenOutcome = MappingDeclaration(
        "expect.outcome.token",
        doc: "Checks on the token.",
        keys: [
            .optional(TokenOutcome.scope, .defined("pattern"), "The granted scope."),
            .optional(
                TokenOutcome.resource, .mapping(tokenResource),
                "The answer of the request: resource called with the token."),
        ])

    /// The keys of `expect.outcome.blocked:`, each named once.
    enum BlockedOutcome: String, ScriptKeyName {
        case check, message
    }

    static let blockedOutcome = MappingDeclaration(
        "expect.outcome.blocked",
        doc: "Checks on the block.",
        keys: [
            .optional(BlockedOutcome.check, .defined("pattern"), "The security check that blocked."),
            .optional(BlockedOutcome.message, .defined("pattern"), "Its failure message, e.g. Account blocked."),
        ])

    /// The keys of `expect.tokens.expiresIn:`, each named once.
    enum ExpiresIn: String, ScriptKeyName {
        case min, max
    }

    static let expiresIn = MappingDeclaration(
        "expect.tokens.expiresIn",
        doc: "Bounds on expires_in, in seconds.",
        keys: [
            .optional(ExpiresIn.min, .integer(NumberRanges.tokenLifetimeSeconds), "The least expires_in accepted."),
            .optional(ExpiresIn.max, .integer(NumberRanges.tokenLifetimeSeconds), "The most expires_in accepted."),
        ])

    /// The keys of `expect.tokens:`, each named once.
    enum TokensExpectation: String, ScriptKeyName {
        case scope, claims, expiresIn, refreshToken, idToken, userinfo, introspection
    }

    static let tokensExpectation = MappingDeclaration(
        "expect.tokens",
        doc: "Token expectations: scope, ID token claims, lifetime, which tokens, userinfo, introspection.",
        keys: [
            .optional(
                TokensExpectation.scope, .anyOf([.list(.string()), .string()]),
                "Scopes that must be granted (a list), or /regex/ on the granted scope text."),
            .optional(
                TokensExpectation.claims, .map(.json),
                "ID token claims, each exact text (templates expanded), /regex/flags, or a JSON value compared for equality."
            ),
            .optional(TokensExpectation.expiresIn, .mapping(expiresIn), "Bounds on expires_in, in seconds."),
            .optional(TokensExpectation.refreshToken, .bool, "A refresh token came (true) or not (false)."),
            .optional(TokensExpectation.idToken, .bool, "An ID token came (true) or not (false)."),
            .optional(TokensExpectation.userinfo, .map(.json), "userinfo members (a userinfo call is made)."),
            .optional(
                TokensExpectation.introspection, .map(.json),
                "Members of the token's introspection (protocol: mobilefirst with introspect: true), e.g. active: true."
            ),
        ])

    /// The keys of `expect.challenge:`, each named once.
    enum ChallengeExpectation: String, ScriptKeyName {
        case solved, ctype, maxTries
    }

    static let challengeExpectation = MappingDeclaration(
        "expect.challenge",
        doc: "protocol: rakuten: checks on Challenger's challenge.",
        keys: [
            .optional(ChallengeExpectation.solved, .bool, "Whether the challenge was solved."),
            .optional(
                ChallengeExpectation.ctype, .integer(NumberRanges.challengeType),
                "The challenge type Challenger gave (0 clear pass, 127 proof of work)."),
            .optional(
                ChallengeExpectation.maxTries, .integer(NumberRanges.proofOfWorkTries),
                "The proof of work took at most this many tries."),
        ])
}

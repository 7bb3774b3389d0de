import JourneyCore

/// `settings:` and its `quirks:`.
extension TreeKeys {
    static let authIdLifetime = KeyDeclaration.optional(
        "authIdLifetime", .integer(TreeRanges.seconds), default: "300", "Seconds an authId stays valid.")
    static let sessionLifetime = KeyDeclaration.optional(
        "sessionLifetime", .integer(TreeRanges.seconds), default: "7200", "Seconds a session stays valid.")
    static let maxPendingJourneys = KeyDeclaration.optional(
        "maxPendingJourneys", .integer(TreeRanges.count), default: "10000",
        "Journeys waiting for their next request kept at most; past it the oldest is dropped and its authId answered 401 Session has timed out."
    )

    /// A cookie name: no space, `;`, `=` or `,`.
    static let cookieNameRule = StringRule(minLength: 1, pattern: "^[^ ;=,]+$")

    static let settings = MappingDeclaration(
        "settings",
        keys: [
            .optional("cookieName", .string(cookieNameRule), default: "iPlanetDirectoryPro", "Session cookie name."),
            .optional("realms", .defined("stringOrList"), default: "any realm", "Realms served (root, alpha, a/b)."),
            authIdLifetime,
            sessionLifetime,
            maxPendingJourneys,
            .optional(
                "secret", .string(StringRule(minLength: 8)), "HMAC secret that signs authIds (8 characters or more)."),
            .optional("successUrl", .string(), default: "/am/console", "The `successUrl` of a success."),
            .optional("failureUrl", .string(), default: "empty", "The `detail.failureUrl` of a failure."),
            .optional(
                "inputNumbering", .cases(of: SimulatorSettings.InputNumbering.self), default: "inputs",
                "`IDToken<N>`: N counts input callbacks (inputs) or every callback (position)."),
            .optional("amlbCookie", .string(), default: "01", "The value of the `amlbcookie` every answer sets."),
            .optional(
                "serverTiming", .bool, default: "true",
                "Every answer carries `Server-Timing: app;dur=<ms>`; false answers without it, as AM does."),
            .optional(
                "defaultJourney", .oneOf([.string(.nonEmpty), .map(.string(.nonEmpty))]), default: "Login",
                "The journey a start without authIndexType runs: a name for every realm, or realm: journey."),
            .optional(
                "quirks", .mapping(quirks), default: "all off",
                "Behaviours of other AM-compatible servers (docs/simulator.md, Quirks)."),
        ])

    static let quirks = MappingDeclaration(
        "settings.quirks",
        doc: "Behaviours of other AM-compatible servers, all off by default (docs/simulator.md, Quirks).",
        keys: [
            .optional(
                "errorsAsHTTP200", .bool, default: "false",
                "Every authenticate error (a rejected login, a timed-out journey, 400s) is answered HTTP 200 with its CREST body `{\"code\":401,\"reason\":\"Unauthorized\",\"message\":…}`."
            ),
            .optional(
                "noSessionCookie", .bool, default: "false",
                "A success sets no session cookie: the `tokenId` is only in the body (as PingOne AIC)."),
            .optional(
                "sessionCookieName", .string(cookieNameRule),
                "A success sets the session cookie under this name instead of `cookieName`; both names are accepted, `/json/serverinfo/*` still says `cookieName`."
            ),
            .optional(
                "cookieHoldsHandle", .bool, default: "false",
                "The session cookie holds a session handle (`handle-<tokenId>`), not the body's `tokenId`; a cookie holding the bare `tokenId` is not a session (a header named like the cookie still takes the `tokenId`)."
            ),
            .optional(
                "noServerInfo", .bool, default: "false",
                "`GET /json/serverinfo/*` answers 404: the server does not publish its cookie name."),
            .optional(
                "logoutNoContent", .bool, default: "false",
                "`sessions?_action=logout` answers 204 with no body instead of 200 `{\"result\":\"Successfully logged out\"}`."
            ),
            .optional(
                "igAdviceEncodedTwice", .bool, default: "false",
                "The IG redirect (`delivery: ig`) percent-encodes the advice and `goto` twice: `authIndexValue=%253CAdvices%253E…`."
            ),
            .optional(
                "kbaWithoutAllowUserDefinedQuestions", .bool, default: "false",
                "KbaCreateCallback comes without its `allowUserDefinedQuestions` output (older AM), and a question of the user's own is accepted."
            ),
        ])
}

import JourneyCore

/// `server:`, `start:` (with `zeroPage:`), `limits:`, `device:`, `uses:` and `cleanup:`.
extension ScriptKeys {
    /// The keys of `server:`, each named once.
    enum Server: String, ScriptKeyName {
        case url, realm, cookieName, headers, userAgent, verifyTLS, timeout, simulate
    }

    static let server = MappingDeclaration(
        "server",
        doc: "Where the server is and how to talk to it. --server, --realm and --simulate override it.",
        keys: [
            .optional(
                Server.url, .defined("template"),
                "Base URL including the deployment path, e.g. `https://tenant.example.com/am`."
            ),
            .optional(
                Server.realm, .defined("template"), default: "root realm",
                "`alpha`, `/alpha`, or a nested realm `customers/europe`. Empty or `/` is the root realm."),
            .optional(
                Server.cookieName, .string(), default: "found at run time",
                "The session cookie's name, used only when the server set no cookie holding the session. When not given: the name of the `Set-Cookie` whose value is the `tokenId`, else `cookieName` from `/json/serverinfo/*`, else the SDKs' default `iPlanetDirectoryPro`; the trace notes which."
            ),
            .optional(Server.headers, .map(.defined("template")), "Extra HTTP headers sent with every request."),
            .optional(
                Server.userAgent, .defined("template"), default: "journey/<version>",
                "The `User-Agent` header of every request, for servers and firewalls that tell clients apart by it."),
            .optional(
                Server.verifyTLS, .bool, default: "true",
                "TLS certificate verification. Only an explicit `false` turns it off."),
            .optional(
                Server.timeout, .seconds(maximum: NumberRanges.maximumTimeoutSeconds), default: "30s",
                "Per-request timeout, from connecting to the last byte of the body (`--timeout` overrides it)."),
            .optional(
                Server.simulate, .string(),
                "A simulator tree file, relative to the script: the run starts the built-in simulator on it."),
        ])

    /// The keys of `start:`, each named once.
    enum Start: String, ScriptKeyName {
        case service, authIndexType, authIndexValue, forceAuth, noSession, query, acceptLanguage, resume, resumeUrl,
            zeroPage
    }

    static let start = MappingDeclaration(
        "start",
        doc:
            "How the journey starts: service, or authIndexType with authIndexValue, or resume, or resumeUrl, or zeroPage (alone: the realm's default journey).",
        requiresOneOf: ["service", "authIndexType", "resume", "resumeUrl", "zeroPage"],
        rules: [
            "dependentRequired": ["authIndexType": ["authIndexValue"], "authIndexValue": ["authIndexType"]],
            "not": ["required": ["service", "authIndexType"]],
        ],
        keys: [
            .optional(Start.service, .defined("template"), "The journey (tree) name: `authIndexType=service`."),
            .optional(
                Start.authIndexType, .string(),
                "Any other index, e.g. `composite_advice` with its XML advice, with `authIndexValue`: both or neither."),
            .optional(Start.authIndexValue, .defined("template"), "The value that goes with `authIndexType`."),
            .optional(Start.forceAuth, .bool, "Send `ForceAuth=true`: authenticate even when a session exists."),
            .optional(
                Start.noSession, .bool,
                "Send `noSession=true`: succeed without creating a session (no `tokenId`); without it (or `expect.outcome.success.session: false`) a success without a `tokenId` fails the run."
            ),
            .optional(Start.query, .map(.defined("template")), "Extra query parameters on the authenticate URL."),
            .optional(Start.acceptLanguage, .string(), "The `Accept-Language` header."),
            .optional(
                Start.resume, .defined("valueSpec"),
                "Resume a suspended journey by its `suspendedId` instead of starting one."),
            .optional(
                Start.resumeUrl, .defined("valueSpec"),
                "Resume from a link (the emailed resume URL), as the Ping SDKs' resume does: every query parameter of the link is sent."
            ),
            .optional(
                Start.zeroPage, .defined("zeroPage"),
                "Zero-page login: the credentials go in headers of the start request."),
        ])

    /// An HTTP header's name, as zero-page login's headers are written.
    static let headerName = StringRule(pattern: "^[A-Za-z0-9_-]+$")

    /// The keys of `start.zeroPage:`, each named once.
    enum ZeroPage: String, ScriptKeyName {
        case username, password, usernameHeader, passwordHeader
    }

    static let zeroPage = MappingDeclaration(
        "start.zeroPage",
        doc: "Zero-page login: the credentials go in headers of the start request, with an empty {} body.",
        keys: [
            .required(
                ZeroPage.username, .defined("valueSpec"),
                "The username header's value: a literal, a template or a source."),
            .required(
                ZeroPage.password, .defined("valueSpec"),
                "The password header's value. Always a secret, redacted wherever it would appear."),
            .optional(
                ZeroPage.usernameHeader, .string(headerName), default: "X-OpenAM-Username",
                "The username header's name, when the node is configured with another one."),
            .optional(
                ZeroPage.passwordHeader, .string(headerName), default: "X-OpenAM-Password",
                "The password header's name, likewise."),
        ])

    /// The keys of `limits:`, each named once.
    enum Limits: String, ScriptKeyName {
        case maxSteps, maxPolls, fastPolling, deadline, keptBodyBytes
    }

    static let limits = MappingDeclaration(
        "limits",
        doc: "Run limits.",
        keys: [
            .optional(
                Limits.maxSteps, .integer(NumberRanges.steps), default: "50",
                "Stop with an expectation failure after this many round trips."),
            .optional(
                Limits.maxPolls, .integer(NumberRanges.polls), default: "20",
                "Polls of one PollingWaitCallback before the run stops."),
            .optional(
                Limits.fastPolling, .bool, default: "false",
                "Skip PollingWaitCallback waits (tests against the simulator)."),
            .optional(
                Limits.deadline, .seconds(maximum: NumberRanges.maximumDeadlineSeconds), default: "none",
                "The whole run's time limit: every request, wait and command."),
            .optional(
                Limits.keptBodyBytes, .integer(NumberRanges.keptBodyBytes), default: "67108864 (64 MiB)",
                "Bytes of request and response bodies the run keeps for its reports and recording; past them a body is kept as a line saying it was not kept."
            ),
        ])

    /// The keys of `device:`, each named once.
    enum Device: String, ScriptKeyName {
        case file
    }

    static let device = MappingDeclaration(
        "device",
        doc:
            "The simulated device: its passkeys, kept in a file between runs so a later script signs in with a passkey an earlier one registered.",
        keys: [
            .required(
                Device.file, .string(.nonEmpty),
                "A JSON file, relative to this script (a template resolved when the run starts). It holds private keys: it is written with 0600 permissions; keep it out of version control."
            )
        ])

    /// The keys of `uses:`, each named once.
    enum Uses: String, ScriptKeyName {
        case script, outputs
    }

    static let uses = MappingDeclaration(
        "uses",
        doc: "Another script run first, against the same server: its session carries over.",
        keys: [
            .required(Uses.script, .string(), "The used script's path, relative to this script."),
            .optional(
                Uses.outputs, .list(.string(StringRule(pattern: "^[A-Za-z_][A-Za-z0-9_]*$"))),
                "Variables or captures of the used script copied into this one; nothing else is shared."),
        ])

    /// `cleanup: logout`, the short form of `cleanup: { logout: true }`.
    static let cleanupActions = ["logout"]

    /// The keys of `cleanup:`, each named once.
    enum Cleanup: String, ScriptKeyName {
        case logout, before, after, revoke, endSession
    }

    static let cleanup = MappingDeclaration(
        "cleanup",
        doc: "What to do with the session at the end.",
        keys: [
            .optional(
                Cleanup.logout, .bool, default: "true",
                "`POST …/sessions?_action=logout` with the session (`false` when only `revoke` or `endSession` is given)."
            ),
            .optional(
                Cleanup.before, .cases(of: CleanupSpec.Validity.self),
                "`POST …/sessions?_action=validate` before the logout must say this."),
            .optional(Cleanup.after, .cases(of: CleanupSpec.Validity.self), "The same after the logout."),
            .optional(
                Cleanup.revoke, .bool, default: "false",
                "`POST …/token/revoke` with the `oauth:` phase's refresh token (the whole grant), or its access token when there is none."
            ),
            .optional(
                Cleanup.endSession, .bool, default: "false",
                "`GET …/connect/endSession?id_token_hint=<ID token>`: ends the session the tokens came from."),
        ])
}

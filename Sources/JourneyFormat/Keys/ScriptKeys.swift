import JourneyCore

/// Every key of a journey script, declared once (name, value, range, default, one line of doc).
/// The loaders check a script's mappings against these declarations (unknown keys,
/// did-you-mean), `ScriptSchema` writes schemas/journey.schema.json and the key tables of
/// docs/format.md from them. Adding an optional key: its declaration here, its effect in the
/// loader and the run, its paragraph in the docs, then `scripts/generate-format`.
enum ScriptKeys {
    /// A variable's or a capture's name: a letter or `_`, then letters, digits or `_`; not `env`.
    static let variableName = "^(?!env$)[A-Za-z_][A-Za-z0-9_]*$"

    /// The keys of the script's top level, each named once.
    enum File: String, ScriptKeyName {
        case version, kind, name, description, tags, `protocol`, server, journey, start, vars, handlers, capture
        case expect, limits, uses, request, cleanup, mobilefirst, oauth, rakuten, device, client
    }

    static let file = MappingDeclaration(
        "the script",
        doc:
            "A declarative PingAM authentication journey: which journey to start, how to answer each callback, and what outcome to expect.",
        rules: ["oneOf": startForms],
        keys: [
            .required(
                File.version, .constant(1),
                "The format version. Always `1`, so scripts attached to tickets keep working across releases."),
            .optional(
                File.kind, .constant("journey"), default: "journey",
                "What this file is. Simulator trees say `kind: simulator`; `lint` and `run` tell the two apart by it."),
            .required(File.name, .string(), "The script's name, shown in reports."),
            .optional(File.description, .string(), "What the script checks."),
            .optional(File.tags, .list(.string()), "A list of strings, for `--tag` selection."),
            .optional(
                File.`protocol`, .cases(of: ProtocolKind.self), default: "pingam",
                "Which protocol drives the run: `pingam`, `mobilefirst` (MobileFirst Foundation 8.0 security checks) or `rakuten` (Rakuten's token API with Challenger)."
            ),
            .optional(
                File.server, .defined("server"),
                "Where the server is and how to talk to it. The command line's `--server`, `--realm`, `--simulate` override it."
            ),
            .optional(
                File.journey, .defined("template"),
                "The journey to start (this or `start`): `journey: Login` is short for `start: { service: Login }`."),
            .optional(File.start, .defined("start"), "The full start form (this or `journey`)."),
            .optional(
                File.vars, .map(.defined("valueSpec"), names: variableName),
                "Variables, read in templates as `{{ name }}`, each a literal, a template or a value source."),
            .optional(
                File.handlers, handlers,
                "How to answer callbacks: a map from callback type to answer, or an ordered list of handlers with match. In a MobileFirst script: a map from security-check name to its answer object."
            ),
            .optional(
                File.capture, .map(.defined("capture"), names: variableName),
                "Values pulled from steps into variables for later steps."),
            .optional(File.expect, .defined("expect"), default: "outcome success", "What the run must show."),
            .optional(File.limits, .defined("limits"), "Run limits."),
            .optional(
                File.uses, .defined("uses"),
                "Another script run first: this script continues its session and receives only the variables it lists in `outputs`. With `uses`, `journey`/`start` may be left out."
            ),
            .optional(
                File.request, .defined("request"),
                "A call to a protected resource after the journey, with the session; policy advice is satisfied with a composite_advice journey and the call retried."
            ),
            .optional(
                File.cleanup, .defined("cleanup"),
                "End the session: `logout` (valid before, logged out, invalid after) or a mapping; `revoke`, `endSession` for tokens."
            ),
            .optional(
                File.mobilefirst, .defined("mobilefirst"),
                "With `protocol: mobilefirst`: the scope to obtain a token for and how the client registers."),
            .optional(
                File.oauth, .defined("oauth"),
                "OAuth 2.0 / OpenID Connect tokens after the journey (authorization code with PKCE using the session), or client credentials alone: then `journey`/`start` may be left out."
            ),
            .optional(
                File.rakuten, .defined("rakuten"),
                "With `protocol: rakuten`: the token API client, the grant and the member's credentials."),
            .optional(
                File.device, .defined("device"),
                "`{ file: alice-device.json }`: the file the run's passkeys are read from at the start and written to at the end (PingAM)."
            ),
            .optional(
                File.client, .defined("client"),
                "`{ sdk: forgerock-ios }`: the Ping / ForgeRock SDK whose requests the run sends (PingAM). `--sdk` overrides it."
            ),
        ])

    /// What a script runs, exactly one of: a journey (`journey` or `start`), another script's
    /// session (`uses`), MobileFirst, OAuth client credentials, Rakuten. The loader says which
    /// is missing or doubled in its own words (`ScriptLoadContext+Root.swift`). Each alternative is an `allOf`
    /// with `required` first: validators stop at its cheap failure before `not`, whose message
    /// would print the whole script (an alias bomb's expansion: minutes).
    static let startForms: JSONValue = [
        ["required": ["journey"]],
        ["required": ["start"]],
        ["allOf": [["required": ["uses"]], ["not": ["anyOf": [["required": ["journey"]], ["required": ["start"]]]]]]],
        [
            "allOf": [
                ["required": ["protocol", "mobilefirst"]], ["properties": ["protocol": ["const": "mobilefirst"]]],
                ["not": ["anyOf": [["required": ["journey"]], ["required": ["start"]], ["required": ["uses"]]]]],
            ]
        ],
        [
            "allOf": [
                ["required": ["oauth"]],
                [
                    "properties": [
                        "oauth": ["required": ["grant"], "properties": ["grant": ["const": "clientCredentials"]]]
                    ]
                ],
                [
                    "not": [
                        "anyOf": [
                            ["required": ["journey"]], ["required": ["start"]], ["required": ["uses"]],
                            ["required": ["protocol"], "properties": ["protocol": ["const": "mobilefirst"]]],
                        ]
                    ]
                ],
            ]
        ],
        [
            "allOf": [
                ["required": ["protocol", "rakuten"]], ["properties": ["protocol": ["const": "rakuten"]]],
                ["not": ["anyOf": [["required": ["journey"]], ["required": ["start"]], ["required": ["uses"]]]]],
            ]
        ],
    ]

    /// Every mapping of the format by the name the schema's `$defs` and the loaders give it.
    static let mappings: [String: MappingDeclaration] = [
        "<root>": file,
        "server": server, "start": start, "zeroPage": zeroPage, "limits": limits, "device": device,
        "client": client,
        "uses": uses, "cleanup": cleanup,
        "value": valueSource, "outbox": outbox, "solve": solve,
        "answer": answer, "handler": handler, "match": match,
        "capture": capture, "expect": expect, "step": step, "outcome": outcome,
        "outcome.success": successOutcome, "outcome.failure": failureOutcome,
        "outcome.suspended": suspendedOutcome, "outcome.redirect": redirectOutcome,
        "outcome.authorized": authorizedOutcome, "outcome.denied": deniedOutcome,
        "outcome.token": tokenOutcome, "outcome.blocked": blockedOutcome,
        "expect.tokens": tokensExpectation, "expect.challenge": challengeExpectation,
        "request": request, "retry": retry,
        "oauth": oauth, "oauth.privateKeyJwt": privateKeyJwt,
        "mobilefirst": mobileFirst, "mobilefirst.application": mobileFirstApplication,
        "mobilefirst.confidentialClient": mobileFirstConfidentialClient,
        "rakuten": rakuten, "rakuten.device": rakutenDevice, "rakuten.challenge": rakutenChallenge,
    ]

    /// The values declared once under `$defs` and referred to by name: the named mappings (those
    /// written as alternatives, `uses`, `cleanup`, `outcome`, with their other forms) and the
    /// shared values.
    static let definitions: [String: ValueDeclaration] = {
        var definitions: [String: ValueDeclaration] = [
            "template": .string(),
            "pattern": .scalar,
            "callbackType": .anyOf([.strings(KnownCallbackTypes.all + KnownCallbackTypes.derived), .string()]),
            "matcher": .anyOf([.defined("callbackType"), .defined("match")]),
            "answerValue": .anyOf([.scalar, .defined("value"), .defined("answer")]),
            "uses": .anyOf([.string(), .mapping(uses)]),
            "cleanup": .anyOf([.strings(cleanupActions), .mapping(cleanup)]),
            "outcome": .anyOf([.strings(OutcomeExpectation.names), .mapping(outcome)]),
        ]
        for (name, mapping) in mappings where name != "<root>" && definitions[name] == nil {
            definitions[name] = .mapping(mapping)
        }
        return definitions
    }()

    /// The docs of the `$defs` that are not mappings (a mapping's doc is its own).
    static let definitionDocs: [String: String] = [
        "template":
            "Text that may hold {{ expressions }}: variables (username), env.NAME, captured values, strings, numbers and built-in functions (uuid(), email(), timestamp(), now(), digits(n), base64(x), base64url(x), lower(x), upper(x), urlencode(x)).",
        "pattern": "Exact text, or /regex/flags (flags i, s, m).",
        "callbackType":
            "A callback type as AM names it on the wire. Types the catalogue does not know are custom callbacks: lint warns and their inputs are answered by name.",
        "matcher": "A callback type, or a mapping of criteria that must all hold.",
        "answerValue":
            "A map-form handler's answer: the value of the callback's input, a value source, or a mapping of answer options.",
        "uses": "Another script run first, against the same server: its session carries over.",
        "cleanup": "What to do with the session at the end: logout, with validity checks before and after.",
        "outcome": "An outcome name, or a mapping from one outcome name to its checks.",
    ]
}

import JourneyCore

/// Value sources (`{ env: PW, secret: true }`), `outbox:` and `solve:`.
extension ScriptKeys {
    /// The keys that name where a value comes from; a source mapping has exactly one.
    static let sourceKinds = [ValueSource.value, .env, .generate, .command, .outbox].map(\.rawValue)
    /// Source keys that make a mapping a source whatever else it holds (one with `value`,
    /// `default` or `secret` is a source only when all its keys are source keys:
    /// `{ value: 9.99, currency: USD }` is data).
    static let unambiguousSourceKinds = [ValueSource.env, .generate, .command, .outbox].map(\.rawValue)
    /// Keys that make a mapping of source keys only a source (`timeout` alone does not: it is
    /// also a handler's answer option).
    static let sourceMarkingKeys = [ValueSource.value, .default, .secret].map(\.rawValue)

    /// The keys of a value source, each named once.
    enum ValueSource: String, ScriptKeyName {
        case value, env, `default`, generate, command, timeout, outbox, secret
    }

    static let valueSource = MappingDeclaration(
        "a value source",
        doc: "Where a value comes from: exactly one of value, env, generate, command, outbox.",
        rules: [
            "oneOf": .array(sourceKinds.map { ["required": [.string($0)]] }),
            "dependentRequired": ["default": ["env"], "timeout": ["command"]],
        ],
        keys: [
            .optional(ValueSource.value, .anyOf([.scalar, .list(.json), .object]), "A literal or a template."),
            .optional(ValueSource.env, .string(), "An environment variable's name."),
            .optional(ValueSource.default, .scalar, "The value when the env variable is not set (env only)."),
            .optional(
                ValueSource.generate, .cases(of: Generator.self), "A generated value from the run's seed and clock."),
            .optional(
                ValueSource.command, .anyOf([.string(), .list(.string(), ListRule(minItems: 1))]),
                "A provider command (argv list, or one string split on whitespace) whose trimmed standard output is the value. No shell."
            ),
            .optional(
                ValueSource.timeout, .integer(NumberRanges.milliseconds), default: "15000",
                "How long the command may run, in milliseconds (command only)."),
            .optional(ValueSource.outbox, .defined("outbox"), "The newest simulator outbox message for a recipient."),
            .optional(
                ValueSource.secret, .bool, default: "false",
                "Redact this value everywhere (console, reports, recordings)."),
        ])

    /// What `outbox.field` takes from the message.
    static let outboxFields = ["code", "link", "suspendedId"]

    /// The keys of `outbox:`, each named once.
    enum Outbox: String, ScriptKeyName {
        case to, field
    }

    static let outbox = MappingDeclaration(
        "outbox",
        doc: "The newest message the simulator sent to a recipient.",
        keys: [
            .required(Outbox.to, .defined("template"), "The recipient's address."),
            .required(Outbox.field, .strings(outboxFields), "What to take from the message."),
        ])

    /// The keys of `solve:`, each named once.
    enum Solve: String, ScriptKeyName {
        case scheme, challenge, timeout, maxCount, input
    }

    static let solve = MappingDeclaration(
        "solve",
        doc: "`solve:` as a mapping.",
        keys: [
            .required(Solve.scheme, .cases(of: SolveSpec.Scheme.self), "The challenge scheme."),
            .optional(
                Solve.challenge, .defined("valueSpec"),
                "The challenge: a JSON object (or a string holding one), or the text of an arithmetic CAPTCHA. Default: the callback's `challenge` output (its prompt for arithmetic)."
            ),
            .optional(
                Solve.timeout, .integer(NumberRanges.milliseconds), default: "30000",
                "Milliseconds the search may take."),
            .optional(
                Solve.maxCount, .integer(NumberRanges.proofOfWorkCount), default: "100000000",
                "Candidates tried at most."),
            .optional(
                Solve.input, .string(), default: "the callback's only input", "The input suffix the answer goes to."),
        ])
}

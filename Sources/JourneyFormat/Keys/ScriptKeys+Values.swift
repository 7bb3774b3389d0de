import JourneyCore

/// Value sources (`{ env: PW, secret: true }`), `outbox:` and `solve:`.
extension ScriptKeys {
    /// The keys that name where a value comes from; a source mapping has exactly one.
    static let sourceKinds = ["value", "env", "generate", "command", "outbox"]
    /// Source keys that make a mapping a source whatever else it holds (one with `value`,
    /// `default` or `secret` is a source only when all its keys are source keys:
    /// `{ value: 9.99, currency: USD }` is data).
    static let unambiguousSourceKinds = ["env", "generate", "command", "outbox"]
    /// Keys that make a mapping of source keys only a source (`timeout` alone does not: it is
    /// also a handler's answer option).
    static let sourceMarkingKeys = ["value", "default", "secret"]

    static let valueSource = MappingDeclaration(
        "a value source",
        doc: "Where a value comes from: exactly one of value, env, generate, command, outbox.",
        rules: [
            "oneOf": .array(sourceKinds.map { ["required": [.string($0)]] }),
            "dependentRequired": ["default": ["env"], "timeout": ["command"]],
        ],
        keys: [
            .optional("value", .anyOf([.scalar, .list(.json), .object]), "A literal or a template."),
            .optional("env", .string(), "An environment variable's name."),
            .optional("default", .scalar, "The value when the env variable is not set (env only)."),
            .optional("generate", .cases(of: Generator.self), "A generated value from the run's seed and clock."),
            .optional(
                "command", .anyOf([.string(), .list(.string(), ListRule(minItems: 1))]),
                "A provider command (argv list, or one string split on whitespace) whose trimmed standard output is the value. No shell."
            ),
            .optional(
                "timeout", .integer(NumberRanges.milliseconds), default: "15000",
                "How long the command may run, in milliseconds (command only)."),
            .optional("outbox", .defined("outbox"), "The newest simulator outbox message for a recipient."),
            .optional(
                "secret", .bool, default: "false", "Redact this value everywhere (console, reports, recordings)."),
        ])

    /// What `outbox.field` takes from the message.
    static let outboxFields = ["code", "link", "suspendedId"]

    static let outbox = MappingDeclaration(
        "outbox",
        doc: "The newest message the simulator sent to a recipient.",
        keys: [
            .required("to", .defined("template"), "The recipient's address."),
            .required("field", .strings(outboxFields), "What to take from the message."),
        ])

    static let solve = MappingDeclaration(
        "solve",
        doc: "`solve:` as a mapping.",
        keys: [
            .required("scheme", .cases(of: SolveSpec.Scheme.self), "The challenge scheme."),
            .optional(
                "challenge", .defined("valueSpec"),
                "The challenge: a JSON object (or a string holding one), or the text of an arithmetic CAPTCHA. Default: the callback's `challenge` output (its prompt for arithmetic)."
            ),
            .optional(
                "timeout", .integer(NumberRanges.milliseconds), default: "30000", "Milliseconds the search may take."),
            .optional(
                "maxCount", .integer(NumberRanges.proofOfWorkCount), default: "100000000", "Candidates tried at most."),
            .optional(
                "input", .string(), default: "the callback's only input", "The input suffix the answer goes to."),
        ])
}

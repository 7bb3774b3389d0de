import JourneyCore

/// Reads value specs (vars and answer values): a literal or template, or a source mapping
/// with exactly one of `value`, `env`, `generate`, `command`, `outbox`, plus `secret`.
extension ScriptLoadContext {
    /// Whether a mapping is a value source (`{ env: PW, secret: true }`) rather than a literal object.
    ///
    /// A mapping holding `env`, `generate`, `command` or `outbox` is a source; one holding `value`,
    /// `default` or `secret` is a source only when all its keys are source keys (so
    /// `{ value: 9.99, currency: USD }` stays data, and `{ default: pw, secret: true }` is a source
    /// missing its `env`, an error, rather than an object sent in the clear).
    func isValueSource(_ mapping: YMapping) -> Bool {
        let keys = Set(mapping.keys)
        if !keys.isDisjoint(with: ScriptKeys.unambiguousSourceKinds) { return true }
        return !keys.isDisjoint(with: ScriptKeys.sourceMarkingKeys) && keys.isSubset(of: ScriptKeys.valueSource.names)
    }

    func valueSpec(_ node: YNode, _ what: String) -> ValueSpec? {
        if node.isMapping, let mapping = node.mapping(what), isValueSource(mapping) {
            return valueSource(mapping, what)
        }
        return literalOrTemplate(node, what)
    }

    /// A scalar with `{{ }}` is a template; anything else is literal JSON.
    func literalOrTemplate(_ node: YNode, _ what: String) -> ValueSpec? {
        if node.isNull {
            error("\(what) has no value", at: node, hint: "write a value, or quote an empty string as \"\"")
            return nil
        }
        if node.isStringScalar, let text = node.scalarText, TemplateParser.containsExpression(text) {
            return templates.template(text: text, of: node).map { ValueSpec(.template($0), at: node.location) }
        }
        return ValueSpec(.literal(node.json), at: node.location)
    }

    private func valueSource(_ mapping: YMapping, _ what: String) -> ValueSpec? {
        mapping.allowOnly(ScriptKeys.valueSource, in: "\(what) (a value source)")
        let kinds = mapping.entries.filter { ScriptKeys.sourceKinds.contains($0.key) }
        guard let kind = kinds.first else {
            missingSource(mapping, what)
            return nil
        }
        for extra in kinds.dropFirst() {
            error(
                "\(what) has both '\(kind.key)' and '\(extra.key)'; a value comes from exactly one source",
                at: extra.keyNode)
        }
        if let node = mapping[ScriptKeys.ValueSource.default], kind.key != ScriptKeys.ValueSource.env.rawValue {
            error("'default' applies only to an 'env' source", at: node)
        }
        if let node = mapping[ScriptKeys.ValueSource.timeout], kind.key != ScriptKeys.ValueSource.command.rawValue {
            error("'timeout' applies only to a 'command' source", at: node)
        }
        let secret = mapping[ScriptKeys.ValueSource.secret].flatMap { $0.bool("secret") } ?? false
        guard let source = source(kind.key, kind.value, in: mapping, what) else { return nil }
        return ValueSpec(source, secret: secret, at: mapping.node.location)
    }

    /// `{ default: X, secret: true }` or `{ secret: true }`: source keys with nothing to read.
    private func missingSource(_ mapping: YMapping, _ what: String) {
        if let entry = mapping.entry(ScriptKeys.ValueSource.default) {
            error(
                "\(what) has 'default' but no 'env': a default is what an env source falls back to",
                at: entry.keyNode,
                hint:
                    "write { env: NAME, default: ... } to read NAME and fall back to the default, or { value: ... } for a fixed value (either with secret: true)"
            )
        } else {
            error(
                "\(what) has no source: it needs one of \(ScriptKeys.sourceKinds.joined(separator: ", "))",
                at: mapping.node,
                hint:
                    "write { value: ..., secret: true } for a fixed secret; to use the mapping as data, wrap it: { value: { ... } }"
            )
        }
    }

    private func source(_ kind: String, _ node: YNode, in mapping: YMapping, _ what: String) -> ValueSpec.Source? {
        switch ScriptKeys.ValueSource(rawValue: kind) {
        case .value:
            // `{ value: null }` is how a script sends JSON null (a bare null is an error: it reads as a forgotten value).
            if node.isNull { return .literal(.null) }
            return literalOrTemplate(node, "\(what).value")?.source
        case .env:
            guard let name = node.strictString("env (an environment variable name)") else { return nil }
            let fallback = mapping[ScriptKeys.ValueSource.default].flatMap { $0.string("default") }
            if fallback == nil {
                let secret = mapping[ScriptKeys.ValueSource.secret].flatMap { $0.bool("secret") } ?? false
                templates.noteEnvironmentRead(name, at: node, secret: secret)
            }
            return .env(name: name, default: fallback)
        case .generate:
            let names = Generator.allCases.map(\.rawValue)
            return oneOf(names, node, "generate").flatMap(Generator.init(rawValue:)).map { .generate($0) }
        case .command:
            return command(node, timeout: mapping[ScriptKeys.ValueSource.timeout])
        case .outbox:
            return outbox(node)
        default:
            return nil
        }
    }

    private func command(_ node: YNode, timeout: YNode?) -> ValueSpec.Source? {
        let arguments: [String]?
        if node.isSequence {
            arguments = node.stringList("command")
        } else {
            arguments = node.string("command").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        }
        guard let arguments else { return nil }
        guard !arguments.isEmpty else {
            error("command must name a program to run", at: node)
            return nil
        }
        let milliseconds = timeout.flatMap { int($0, "timeout (milliseconds)", in: NumberRanges.milliseconds) }
        templates.noteCommand(arguments[0], at: node)
        return .command(arguments: arguments, timeoutMilliseconds: milliseconds)
    }

    private func outbox(_ node: YNode) -> ValueSpec.Source? {
        guard let mapping = node.mapping("outbox") else { return nil }
        mapping.allowOnly(ScriptKeys.outbox)
        let recipient = required(ScriptKeys.Outbox.to, in: mapping, "outbox", accepted: ScriptKeys.outbox.names).flatMap
        {
            templates.template($0, "outbox.to")
        }
        let field = required(ScriptKeys.Outbox.field, in: mapping, "outbox", accepted: ScriptKeys.outbox.names).flatMap
        {
            oneOf(ScriptKeys.outboxFields, $0, "outbox.field")
        }
        guard let recipient, let field else { return nil }
        return .outbox(recipient: recipient, field: field)
    }
}

import JourneyCore

/// The state of one script load: the YAML reader collecting diagnostics, the options, and the
/// variable reads found in templates (checked once every var and capture is known).
package final class ScriptLoadContext {
    let reader: YAMLReader
    let options: ScriptLoadOptions
    private(set) var references: [VariableReference] = []
    /// The script's protocol: a MobileFirst script names security checks where PingAM names callback types.
    var protocolKind = ProtocolKind.pingam
    /// The handler keys and `match: type` values naming a type the catalogue does not know.
    var handlerTypeNodes: [YNode] = []
    /// The program of each `command:` value source, in file order.
    private(set) var commands: [Located<String>] = []
    /// The environment variables the script cannot run without, in file order.
    private(set) var environmentReads: [EnvironmentRead] = []
    /// What the values being read now are for (``EnvironmentRead/Scope``).
    private var environmentScope = EnvironmentRead.Scope.always
    /// Split by bytes: splitting by Character walks grapheme clusters, a tenth of `lint`'s time.
    private lazy var sourceLines: [Substring] = reader.text.utf8.split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    ).map { Substring($0) }

    /// The scalars of the last source line a template was matched against: the templates of a
    /// long flow mapping share one line, which is converted once instead of once per template.
    private var matchedLine: (index: Int, scalars: [Unicode.Scalar])?

    init(reader: YAMLReader, options: ScriptLoadOptions) {
        self.reader = reader
        self.options = options
    }

    var file: String { reader.file }

    func error(_ message: @autoclosure () -> String, at node: YNode, hint: @autoclosure () -> String? = nil) {
        reader.error(message(), at: node, hint: hint())
    }

    // MARK: Templates

    /// A string scalar parsed as a template; its variable reads are recorded for the final check.
    func template(_ node: YNode, _ what: String) -> Template? {
        guard let text = node.string(what) else { return nil }
        return template(text: text, of: node)
    }

    /// Parses `text` (the value of `node`) as a template, pointing errors at the exact column
    /// when the scalar is written on one line as it reads, and at the scalar otherwise.
    func template(text: String, of node: YNode) -> Template? {
        let exactStart = exactStart(of: node, text: text)
        do {
            var parsed = try TemplateParser.parseWithReferences(text, at: exactStart ?? node.location)
            if exactStart == nil {
                for index in parsed.references.indices {
                    parsed.references[index].location = node.location
                    parsed.references[index].length = node.caretLength
                }
                for index in parsed.environment.indices {
                    parsed.environment[index].location = node.location
                    parsed.environment[index].length = node.caretLength
                }
            }
            references += parsed.references
            environmentReads += parsed.environment.map {
                EnvironmentRead(name: $0.name, location: $0.location, length: $0.length, scope: environmentScope)
            }
            return parsed.template
        } catch {
            var diagnostic = error
            if exactStart == nil {
                diagnostic.location = node.location
                diagnostic.length = node.caretLength
            }
            reader.error(diagnostic.message, at: diagnostic.location, length: diagnostic.length, hint: diagnostic.hint)
            return nil
        }
    }

    /// Where the scalar's first character is, when the source spells the text verbatim on one line.
    private func exactStart(of node: YNode, text: String) -> SourceLocation? {
        guard let scalar = node.node.scalar, !text.contains("\n") else { return nil }
        var start = node.location
        switch scalar.style {
        case .plain: break
        case .singleQuoted, .doubleQuoted: start.column += 1
        default: return nil
        }
        let lineIndex = start.line - 1
        guard sourceLines.indices.contains(lineIndex) else { return nil }
        let line: [Unicode.Scalar]
        if let matchedLine, matchedLine.index == lineIndex {
            line = matchedLine.scalars
        } else {
            line = Array(sourceLines[lineIndex].unicodeScalars)
            matchedLine = (lineIndex, line)
        }
        let expected = Array(text.unicodeScalars)
        let from = start.column - 1
        guard from >= 0, from + expected.count <= line.count, Array(line[from..<(from + expected.count)]) == expected
        else { return nil }
        return start
    }

    /// Records variable reads in strings nested anywhere inside a structure (payloads, profiles),
    /// which stay strings in the model and are evaluated by the runner.
    func checkTemplates(nestedIn node: YNode) {
        if node.isMapping {
            for entry in node.mapping()?.entries ?? [] { checkTemplates(nestedIn: entry.value) }
        } else if node.isSequence {
            for item in node.sequence() ?? [] { checkTemplates(nestedIn: item) }
        } else if node.isStringScalar, let text = node.scalarText, TemplateParser.containsExpression(text) {
            _ = template(text: text, of: node)
        }
    }

    /// Records an `env:` value source without a default: the run cannot start without the variable.
    func noteEnvironmentRead(_ name: String, at node: YNode, secret: Bool) {
        environmentReads.append(
            EnvironmentRead(
                name: name, location: node.location, length: node.caretLength, secret: secret, scope: environmentScope))
    }

    /// Runs `body` with the values it reads in `scope` (a value a command-line flag can replace).
    func reading<T>(for scope: EnvironmentRead.Scope, _ body: () -> T) -> T {
        let outer = environmentScope
        environmentScope = scope
        defer { environmentScope = outer }
        return body()
    }

    /// Records a `command:` value source and warns that running the script runs a program.
    func noteCommand(_ program: String, at node: YNode) {
        commands.append(Located(program, at: node.location))
        reader.warning(
            "this script runs the program '\(program)' on the machine that runs it (command:)", at: node,
            hint: "journey run runs programs only with --allow-commands")
    }

    // MARK: Patterns

    /// A `/regex/flags` or exact-text pattern; an invalid regex is reported at the scalar.
    func pattern(_ node: YNode, _ what: String) -> TextPattern? {
        guard let text = node.string(what) else { return nil }
        do {
            return try TextPattern(parsing: text)
        } catch {
            self.error("invalid regular expression in \(what): \(Self.regexMessage(error))", at: node)
            return nil
        }
    }

    /// A regex written with or without slashes (`/code: (\d+)/` or `code: (\d+)`).
    func regex(_ node: YNode, _ what: String) -> TextPattern? {
        guard let text = node.string(what) else { return nil }
        let slashed = text.hasPrefix("/") && text.dropFirst().contains("/") ? text : "/\(text)/"
        do {
            return try TextPattern(parsing: slashed)
        } catch {
            self.error("invalid regular expression in \(what): \(Self.regexMessage(error))", at: node)
            return nil
        }
    }

    private static func regexMessage(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("NSRegularExpression") || text.contains("Code=2048") { return "the pattern does not compile" }
        return text
    }

    // MARK: Scalars with checks

    /// A whole number within `range` (one of ``NumberRanges``).
    func int(_ node: YNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = node.int(what) else { return nil }
        guard range.contains(value) else {
            error(NumberRanges.outOfRange(what, range, found: String(value)), at: node)
            return nil
        }
        return value
    }

    /// A callback type name; unknown names are allowed (custom callbacks) with a warning.
    /// A handler's type (`ofHandler`) is checked once every handler is read (``checkHandlerTypes(_:)``).
    func callbackType(_ node: YNode, _ what: String, ofHandler: Bool = false) -> Located<String>? {
        guard let name = node.strictString(what) else { return nil }
        if ofHandler {
            if protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) { handlerTypeNodes.append(node) }
        } else {
            warnIfUnknown(callbackType: name, at: node)
        }
        return Located(name, at: node.location)
    }

    func warnIfUnknown(callbackType name: String, at node: YNode) {
        guard protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) else { return }
        reader.warning(
            "unknown callback type '\(name)' (custom types are answered by input name)", at: node,
            hint: DidYouMean.hint(for: name, among: KnownCallbackTypes.all))
    }

    /// A value that must be one of `choices`, with a did-you-mean when it is not.
    func oneOf(_ choices: [String], _ node: YNode, _ what: String) -> String? {
        guard let text = node.string(what) else { return nil }
        guard choices.contains(text) else {
            error(
                "\(what) must be one of \(choices.joined(separator: ", ")), found '\(text)'", at: node,
                hint: DidYouMean.hint(for: text, among: choices))
            return nil
        }
        return text
    }
}

extension ScriptLoadContext {
    /// The value of a required key. Its absence is reported at the mapping, unless an unknown
    /// key in the mapping is a near miss of it (already reported with a "did you mean").
    func required(_ key: String, in mapping: YMapping, _ context: String, accepted: [String]) -> YNode? {
        if let value = mapping[key] { return value }
        if isMisspelled(key, in: mapping, accepted: accepted) { return nil }
        return mapping.required(key, in: context)
    }

    /// Whether some key of `mapping` outside `accepted` looks like a typo of `key`.
    func isMisspelled(_ key: String, in mapping: YMapping, accepted: [String]) -> Bool {
        mapping.keys.contains { !accepted.contains($0) && DidYouMean.suggestion(for: $0, among: accepted) == key }
    }
}

import JourneyCore

/// The templates of one script load: each is parsed with its errors at their exact column, and
/// what it reads is recorded: variables (checked once every var and capture is known),
/// environment variables (with what the value is for) and the programs of `command:` sources.
final class TemplateReader {
    private let reader: YAMLReader
    private(set) var references: [VariableReference] = []
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

    init(reader: YAMLReader) {
        self.reader = reader
    }

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
}

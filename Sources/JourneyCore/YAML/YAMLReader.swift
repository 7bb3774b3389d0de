import Yams

/// Reads one YAML file into located nodes and collects every problem found while a loader
/// walks it, so a file's errors are all reported at once.
package final class YAMLReader {
    package let file: String
    package let text: String
    /// The most problems one file reports; past them they are only counted, so a file with
    /// thousands of mistakes is linted in linear time and its report stays readable.
    package static let maximumReported = 100
    private var reported: [Diagnostic] = []
    private var omitted = 0
    private var omittedErrors = 0
    private var firstOmitted: SourceLocation?

    /// The problems found, at most ``maximumReported`` of them, then one saying how many more there were.
    package var diagnostics: [Diagnostic] {
        guard omitted > 0 else { return reported }
        return reported + [
            Diagnostic(
                omittedErrors > 0 ? .error : .warning,
                "\(omitted) more \(Plural.noun(omitted, "problem")) not shown (a file reports its first \(Self.maximumReported))",
                at: firstOmitted ?? SourceLocation(file: file, line: 1, column: 1))
        ]
    }

    package init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// The document's root node, or nil (with a diagnostic) when the text is not valid YAML.
    package func root() -> YNode? {
        do {
            try YAMLBudget.check(text)
        } catch {
            self.error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
            return nil
        }
        do {
            // UTF-8 named explicitly: Yams' default reads the process environment on every parse.
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else {
                error("the file is empty", at: SourceLocation(file: file, line: 1, column: 1))
                return nil
            }
            return YNode(YAMLByteOrderMarks.restored(node, in: text), reader: self)
        } catch let yamlError as YamlError {
            report(yamlError)
            return nil
        } catch {
            self.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
    }

    package var hasErrors: Bool { omittedErrors > 0 || reported.contains { $0.severity == .error } }

    /// Records an error; the hint (often a "did you mean" search) is only worked out when the
    /// error is reported.
    package func error(
        _ message: @autoclosure () -> String, at location: SourceLocation?, length: Int = 1,
        hint: @autoclosure () -> String? = nil
    ) {
        record(.error, message, at: location, length: length, hint: hint)
    }

    package func warning(
        _ message: @autoclosure () -> String, at location: SourceLocation?, length: Int = 1,
        hint: @autoclosure () -> String? = nil
    ) {
        record(.warning, message, at: location, length: length, hint: hint)
    }

    package func error(_ message: @autoclosure () -> String, at node: YNode, hint: @autoclosure () -> String? = nil) {
        record(.error, message, at: node.location, length: node.caretLength, hint: hint)
    }

    package func warning(_ message: @autoclosure () -> String, at node: YNode, hint: @autoclosure () -> String? = nil) {
        record(.warning, message, at: node.location, length: node.caretLength, hint: hint)
    }

    private func record(
        _ severity: Diagnostic.Severity, _ message: () -> String, at location: SourceLocation?, length: Int,
        hint: () -> String?
    ) {
        guard reported.count < Self.maximumReported else {
            if omitted == 0 { firstOmitted = location }
            omitted += 1
            if severity == .error { omittedErrors += 1 }
            return
        }
        reported.append(Diagnostic(severity, message(), at: location, length: length, hint: hint()))
    }

    func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private func report(_ yamlError: YamlError) {
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            error("invalid YAML: \(problem)\(detail)", at: location(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            error(
                "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping",
                at: location(context.mark))
        case .reader(let problem, _, _, _):
            error("invalid YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            error("invalid YAML: \(yamlError)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

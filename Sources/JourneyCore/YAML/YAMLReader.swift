import Yams

/// Reads one YAML file into located nodes and collects every problem found while a loader
/// walks it, so a file's errors are all reported at once.
public final class YAMLReader {
    public let file: String
    public let text: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// The document's root node, or nil (with a diagnostic) when the text is not valid YAML.
    public func root() -> YNode? {
        do {
            // UTF-8 named explicitly: Yams' default reads the process environment on every parse.
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else {
                error("the file is empty", at: SourceLocation(file: file, line: 1, column: 1))
                return nil
            }
            return YNode(node, reader: self)
        } catch let yamlError as YamlError {
            report(yamlError)
            return nil
        } catch {
            self.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public func error(_ message: String, at location: SourceLocation?, length: Int = 1, hint: String? = nil) {
        diagnostics.append(.error(message, at: location, length: length, hint: hint))
    }

    public func warning(_ message: String, at location: SourceLocation?, length: Int = 1, hint: String? = nil) {
        diagnostics.append(.warning(message, at: location, length: length, hint: hint))
    }

    public func error(_ message: String, at node: YNode, hint: String? = nil) {
        error(message, at: node.location, length: node.caretLength, hint: hint)
    }

    public func warning(_ message: String, at node: YNode, hint: String? = nil) {
        warning(message, at: node.location, length: node.caretLength, hint: hint)
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

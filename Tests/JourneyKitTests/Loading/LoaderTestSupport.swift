import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// Helpers shared by the loader tests.
enum LoaderTestSupport {
    /// The repository's root folder.
    static let repositoryRoot = Repository.root

    /// Loads a script that must be valid, recording every diagnostic as a test issue otherwise.
    static func load(_ text: String, file: String = "test.yaml", knownVariables: Set<String> = []) -> Script? {
        let result = ScriptLoader.lint(
            text: text, file: file, options: ScriptLoadOptions(knownVariables: knownVariables))
        for diagnostic in result.diagnostics where diagnostic.severity == .error {
            Issue.record("unexpected diagnostic: \(diagnostic.rendered(source: text))")
        }
        return result.script
    }

    /// The diagnostics of a script, as `line:col severity: message` strings.
    static func problems(_ text: String, file: String = "test.yaml") -> [String] {
        ScriptLoader.lint(text: text, file: file).diagnostics.map(summary)
    }

    static func summary(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { "\($0.line):\($0.column) " } ?? ""
        let hint = diagnostic.hint.map { " [\($0)]" } ?? ""
        return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)\(hint)"
    }

    /// The text of a literal or template value spec, for assertions.
    static func describe(_ value: ValueSpec?) -> String {
        guard let value else { return "nil" }
        let secret = value.secret ? " secret" : ""
        switch value.source {
        case .literal(let json): return "literal \(json.compactJSON)\(secret)"
        case .template(let template): return "template \(template)\(secret)"
        case .env(let name, let fallback): return "env \(name) default \(fallback ?? "-")\(secret)"
        case .generate(let generator): return "generate \(generator.rawValue)\(secret)"
        case .command(let arguments, let timeout):
            return "command \(arguments) timeout \(timeout.map(String.init) ?? "-")\(secret)"
        case .outbox(let recipient, let field): return "outbox \(recipient) \(field)\(secret)"
        }
    }
}

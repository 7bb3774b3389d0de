import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun
import Testing

/// Scripts from text, for the tests of every module: loaded, linted or compiled.
package enum LoaderTestSupport {
    /// The repository's root folder.
    package static let repositoryRoot = Repository.root

    /// Loads a script that must be valid, recording every diagnostic as a test issue otherwise.
    package static func load(_ text: String, file: String = "test.yaml", knownVariables: Set<String> = []) -> Script? {
        let result = ScriptLoader.lint(
            text: text, file: file, options: ScriptLoadOptions(knownVariables: knownVariables))
        for diagnostic in result.diagnostics where diagnostic.severity == .error {
            Issue.record("unexpected diagnostic: \(diagnostic.rendered(source: text))")
        }
        return result.script
    }

    /// The diagnostics of a script, as `line:col severity: message` strings.
    package static func problems(_ text: String, file: String = "test.yaml") -> [String] {
        ScriptLoader.lint(text: text, file: file).diagnostics.map(summary)
    }

    package static func summary(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { "\($0.line):\($0.column) " } ?? ""
        let hint = diagnostic.hint.map { " [\($0)]" } ?? ""
        return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)\(hint)"
    }

    /// The text of a literal or template value spec, for assertions.
    package static func describe(_ value: ValueSpec?) -> String {
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

    /// Compiles a script written to a temporary file `name`.
    package static func compile(_ text: String, name: String = "script.yaml") throws -> CompiledJourney {
        let path = try TemporaryFiles.file(name, text)
        return try JourneyCompiler.compile(try ScriptLoader.load(path: path))
    }
}

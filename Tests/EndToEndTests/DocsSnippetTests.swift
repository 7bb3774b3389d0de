import Foundation
import JourneyKit
import JourneySimulator
import Testing

/// Every YAML example in the docs is either a file in journeys/, or a complete script or tree
/// that lints clean. Blocks that start with `# fragment` are parts of a file and are skipped, as
/// are those that start with `# not a journey file` (a CI workflow, a Kubernetes manifest).
@Suite struct DocsSnippetTests {
    struct Snippet: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line)" }
    }

    static func snippets() -> [Snippet] {
        let root = CLI.packageRoot
        var documents = [root.appendingPathComponent("README.md")]
        let docs = root.appendingPathComponent("docs")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).sorted()
        where name.hasSuffix(".md") {
            documents.append(docs.appendingPathComponent(name))
        }
        var result: [Snippet] = []
        for document in documents {
            guard let text = try? String(contentsOf: document, encoding: .utf8) else { continue }
            var current: [String]?
            var start = 0
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if current == nil, trimmed == "```yaml" {
                    current = []
                    start = index + 2
                } else if current != nil, trimmed == "```" {
                    result.append(
                        Snippet(
                            file: document.lastPathComponent, line: start,
                            text: (current ?? []).joined(separator: "\n") + "\n"))
                    current = nil
                } else if current != nil {
                    current?.append(line)
                }
            }
        }
        return result
    }

    static let examples: Set<String> = {
        let journeys = CLI.packageRoot.appendingPathComponent("journeys")
        var texts = Set<String>()
        for directory in [journeys, journeys.appendingPathComponent("trees")] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix(".yaml") {
                if let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) {
                    texts.insert(text.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
        }
        return texts
    }()

    @Test func thereAreSnippets() {
        #expect(Self.snippets().count >= 5)
    }

    @Test(arguments: snippets())
    func snippetIsAnExampleOrLintsClean(_ snippet: Snippet) throws {
        let text = snippet.text
        if text.hasPrefix("# fragment") || text.hasPrefix("# not a journey file") { return }
        if Self.examples.contains(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return }
        let file = "\(snippet.file):\(snippet.line)"
        if SimulatorLoader.isSimulatorFile(text: text) {
            let errors = SimulatorLoader.lint(text: text, file: file).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
            return
        }
        let (script, diagnostics) = ScriptLoader.lint(text: text, file: file)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
        if let script {
            #expect(throws: Never.self) { try JourneyCompiler.compile(script) }
        }
    }
}

import Foundation
import JourneyCore

/// Options for loading a script.
public struct ScriptLoadOptions: Sendable {
    /// Variable names supplied from outside the script (`--var name=value`), so templates may read them.
    package var knownVariables: Set<String>

    public init(knownVariables: Set<String> = []) {
        self.knownVariables = knownVariables
    }
}

/// The former name of ``ScriptLoadOptions`` ("load" alone now names the load test).
@available(*, deprecated, renamed: "ScriptLoadOptions")
public typealias LoadOptions = ScriptLoadOptions

/// Turns YAML text into a typed ``Script``, reporting every problem in the file at once, each
/// with file:line:col and, for near misses, a "did you mean".
public enum ScriptLoader {
    /// Loads the script at `path`; a file that cannot be read is reported as a diagnostic too.
    public static func load(path: String, options: ScriptLoadOptions = .init()) throws(DiagnosticList) -> Script {
        let text: String
        do {
            text = try SourceFile.read(path)
        } catch {
            throw DiagnosticList([error])
        }
        return try load(text: text, file: path, options: options)
    }

    /// Loads a script from its text; `file` names it in diagnostics.
    public static func load(text: String, file: String, options: ScriptLoadOptions = .init()) throws(DiagnosticList)
        -> Script
    {
        let result = lint(text: text, file: file, options: options)
        guard let script = result.script else { throw DiagnosticList(result.diagnostics) }
        return script
    }

    /// Every diagnostic (errors and warnings) in file order, without throwing; the script is nil
    /// when there are errors.
    package static func lint(text: String, file: String, options: ScriptLoadOptions = .init()) -> (
        script: Script?, diagnostics: [Diagnostic]
    ) {
        let reader = YAMLReader(file: file, text: text)
        let context = ScriptLoadContext(reader: reader, options: options)
        let script = reader.root().flatMap(context.script)
        let diagnostics = sortedByPlace(reader.diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : script, diagnostics)
    }

    /// A `yaml journey` block of a Markdown guide, linted: its diagnostics name the guide's lines
    /// and columns, its ``Script/file`` is the block's ``GuideBlock/identity``.
    package static func lint(block: GuideBlock, in guide: Guide, options: ScriptLoadOptions = .init()) -> (
        script: Script?, diagnostics: [Diagnostic]
    ) {
        let loaded = lint(text: block.yaml, file: guide.file, options: options)
        var script = loaded.script
        script?.file = block.identity
        script?.guide = guide
        return (script, loaded.diagnostics)
    }

    /// The accepted keys of each mapping in the format, keyed by the mapping's name in the
    /// schema (`<root>` for the top level; other names are `$defs` of journey.schema.json).
    package static let acceptedKeys: [String: [String]] = ScriptKeys.mappings.mapValues(\.names)

    private static func sortedByPlace(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}

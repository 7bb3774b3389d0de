import Foundation

/// Writes a Swift source holding the given files verbatim, one constant per file named after
/// it up to its first dot:
///
///     EmbedSchemasTool OUTPUT.swift schemas/journey.schema.json schemas/simulator.schema.json
///
/// gives `enum EmbeddedSchemas { static let journey = ...; static let simulator = ... }`;
/// `--enum NAME` first names the enum otherwise (EmbedTemplatesPlugin's `EmbeddedTemplates`);
/// `--table ROOT` then holds the files in one `static let files: [String: String]` keyed by
/// their paths relative to ROOT (EmbedAssistantDocsPlugin: names that are not identifiers).
/// Run by the EmbedSchemasPlugin build-tool plugin (docs/decisions.md, "One source for the format").
/// `@main` rather than top-level code, so builds passing `-parse-as-library` (scripts/fuzz) compile it.
@main
enum EmbedSchemasTool {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var enumName = "EmbeddedSchemas"
        if arguments.first == "--enum", arguments.count > 1 {
            enumName = arguments[1]
            arguments.removeFirst(2)
        }
        var tableRoot: String?
        if arguments.first == "--table", arguments.count > 1 {
            tableRoot = arguments[1].hasSuffix("/") ? arguments[1] : arguments[1] + "/"
            arguments.removeFirst(2)
        }
        guard let output = arguments.first, arguments.count > 1 else {
            fail("usage: EmbedSchemasTool [--enum NAME] [--table ROOT] OUTPUT.swift FILE...", status: 2)
        }
        var source = "// Generated at build time by EmbedSchemasTool. Do not edit.\n"
        source += "enum \(enumName) {\n"
        if tableRoot != nil { source += "    static let files: [String: String] = [\n" }
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let name = url.lastPathComponent.prefix { $0 != "." }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                fail("EmbedSchemasTool: cannot read \(path) as UTF-8", status: 1)
            }
            if let tableRoot {
                let key = path.hasPrefix(tableRoot) ? String(path.dropFirst(tableRoot.count)) : url.lastPathComponent
                source += "        \(rawStringLiteral(key)): \(rawStringLiteral(text)),\n"
                continue
            }
            source += "    /// The bytes of \(url.lastPathComponent).\n"
            source += "    static let \(name) = \(rawStringLiteral(text))\n"
        }
        if tableRoot != nil { source += "    ]\n" }
        source += "}\n"
        // Unchanged text is not rewritten: SwiftPM relinks and reruns the plugin tools on every
        // `--static-swift-stdlib` build, and a rewritten file would recompile its whole module.
        if (try? String(contentsOfFile: output, encoding: .utf8)) == source { return }
        do {
            try source.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            fail("EmbedSchemasTool: cannot write \(output): \(error)", status: 1)
        }
    }

    /// A multi-line raw string literal whose value is exactly `text`: its delimiter has more `#`
    /// than any run in the text, so neither `"""` nor `\` inside the text ends or escapes
    /// anything, and the closing delimiter sits at column 0, so no indentation is stripped.
    static func rawStringLiteral(_ text: String) -> String {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "#" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        // The line break before the closing delimiter is not part of the value: one is added
        // so that the file's own last line break is kept.
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }

    static func fail(_ message: String, status: Int32) -> Never {
        // The throwing write: the non-throwing one traps when standard error is closed.
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
        exit(status)
    }
}

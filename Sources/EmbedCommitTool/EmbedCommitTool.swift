import Foundation

/// Writes a Swift source naming the git commit a package is built from:
///
///     EmbedCommitTool OUTPUT.swift PACKAGE_DIRECTORY
///
/// gives `enum BuildCommit { static let short = "310ddd0" }`, the first seven hex digits of the
/// commit HEAD names (directly when detached, else through its ref file or `packed-refs`), or
/// "unknown" when the package is not a git checkout or HEAD cannot be resolved. Reads git's files
/// itself: the build needs no `git` program. Run by the EmbedCommitPlugin build-tool plugin.
@main
enum EmbedCommitTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2 else {
            fail("usage: EmbedCommitTool OUTPUT.swift PACKAGE_DIRECTORY", status: 2)
        }
        let commit = GitHead.commit(package: URL(fileURLWithPath: arguments[1])).map { String($0.prefix(7)) }
        var source = "// Generated at build time by EmbedCommitTool. Do not edit.\n"
        source += "enum BuildCommit {\n"
        source += "    /// The commit the binary was built from, abbreviated; \"unknown\" outside a git checkout.\n"
        source += "    static let short = \"\(commit ?? "unknown")\"\n"
        source += "}\n"
        let output = arguments[0]
        // Unchanged text is not rewritten: SwiftPM reruns the tool on every `--static-swift-stdlib` build
        // (it relinks the plugin tools), and a rewritten file would recompile the journey module.
        if (try? String(contentsOfFile: output, encoding: .utf8)) == source { return }
        do {
            try source.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            fail("EmbedCommitTool: cannot write \(output): \(error)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        // The throwing write: the non-throwing one traps when standard error is closed.
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
        exit(status)
    }
}

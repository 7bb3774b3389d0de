import Foundation
import JourneyTestSupport
import Testing

/// What `journey completions` and `journey man` print: what the release tarball carries, and what
/// a user of the binary alone installs.
@Suite struct CompletionsAndManTests {
    /// The whole script is its golden transcript (`eachShellGetsItsCompletionScript.<shell>.out`):
    /// bash's `-F _journey journey`, zsh's `#compdef journey`, fish's `complete -c 'journey'`, and
    /// the commands run, lint, init, completions, man and merge.
    @Test(arguments: ["bash", "zsh", "fish"])
    func eachShellGetsItsCompletionScript(shell: String) async throws {
        let output = try await CLI.run(["completions", shell])
        #expect(output.status == 0, "\(output.stderr)")
        Golden.check(output, run: shell)
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let output = try await CLI.run(["completions", "powershell"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }

    @Test func theManPageHasEveryCommandAndNoStrayRequest() async throws {
        let output = try await CLI.run(["man"])
        #expect(output.status == 0, "\(output.stderr)")
        let page = output.stdout
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix(".Dd ") == true)
        for line in [".Dt JOURNEY 1", ".Sh NAME", ".Nm journey", ".Sh SYNOPSIS", ".Sh DESCRIPTION", ".Sh EXIT STATUS"] {
            #expect(lines.contains(line), "missing \(line)")
        }
        for command in ["run", "lint", "init", "completions", "man", "report merge", "capture", "new"] {
            #expect(lines.contains(".Ss journey \(command)"), "no section for journey \(command)")
        }
        #expect(page.contains("--update-transcripts"), "the options of each command are in it")
        // Every request line is one of the page's own macros: help text never starts one.
        let macros: Set<String> = [".Dd", ".Dt", ".Os", ".Sh", ".Ss", ".Nm", ".Nd", ".Ar", ".Op", ".Bd", ".Ed"]
        let stray = lines.filter { ($0.hasPrefix(".") || $0.hasPrefix("'")) && !macros.contains(String($0.prefix(3))) }
        #expect(stray.isEmpty, "\(stray)")
        #expect(lines.filter { $0 == ".Bd -literal -offset indent" }.count == lines.filter { $0 == ".Ed" }.count)
        // Characters beyond ASCII (the help's `…`, `—`) are roff escapes: any locale reads the page.
        let beyondASCII = page.unicodeScalars.filter { !$0.isASCII }
        #expect(beyondASCII.isEmpty, "\(String(String.UnicodeScalarView(beyondASCII)))")
        #expect(page.contains("\\[u"), "the help's non-ASCII characters are escaped, not dropped")
    }

    /// groff, where the machine has it, formats the page without a warning.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func groffFormatsTheManPageWithoutWarnings() async throws {
        let output = try await CLI.run(["man"])
        let folder = try TemporaryFiles.directory("journey-man")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("journey.1")
        try Data(output.stdout.utf8).write(to: page)
        let groff = try await ChildProcess.outputs("/usr/bin/groff", ["-mdoc", "-Tutf8", "-ww", "-z", page.path])
        let warnings = groff.stderr
        #expect(groff.status == 0)
        #expect(warnings.isEmpty, "\(warnings)")
    }
}

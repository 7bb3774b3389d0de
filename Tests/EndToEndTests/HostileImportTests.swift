import Foundation
import JourneyTestSupport
import Testing

/// `journey import` of a recording whose every text meant harm (a journey name and values with
/// `{{ }}`, line separators, NUL and a byte-order mark, objects shaped like `command:` and `env:`
/// sources, a message shaped like a regex): the script lints, runs no program, and replays green.
@Suite struct HostileImportTests {
    @Test func aHostileRecordingImportsAsDataThatLintsAndReplays() async throws {
        let har = "Tests/Fixtures/har/hostile-values.har"
        let folder = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("hostile.yaml").path
        let imported = try await CLI.run(["import", har, "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        Golden.check(imported, run: "import")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        // Not a transcript: a line of the script the import wrote, not of a run's output.
        #expect(text.contains(#"value: {value: {command: ["touch", "/tmp/pwned"], env: "HOME"}}"#), "\(text)")
        let lint = try await CLI.run(["lint", script])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)\n\(text)")
        Golden.check(lint, run: "lint")
        // Warned: the callback type the runner does not know; no `command:` to warn about.
        #expect(!lint.stdout.contains("runs the program"), "\(lint.stdout)")
        let replay = try await CLI.run(["run", script, "--replay", har, "--allow-commands", "--format", "human"])
        #expect(replay.status == 0, "\(text)\n\(replay.stdout)\n\(replay.stderr)")
        // Its output is not a golden transcript: it shows the recording's `/tmp/pwned`, which the
        // normalization writes `<tmp>` only where the temporary folder is /tmp (not on macOS).
    }
}

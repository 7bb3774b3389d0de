import Foundation
import JourneyTestSupport
import Testing

/// Exit codes that name the cause (issue 27): a path the run will write is checked before the
/// first request (exit 2), a script path may be a template, and a flag that overrides a script
/// value keeps that value from being evaluated at all.
@Suite struct RunPathChecksTests {
    /// A folder holding a copy of `journeys/<example>` edited by `edit`, its tree beside it.
    static func copy(_ example: String, edit: (String) -> String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("trees"), withIntermediateDirectories: true)
        let journeys = CLI.packageRoot.appendingPathComponent("journeys")
        let text = try String(contentsOf: journeys.appendingPathComponent(example), encoding: .utf8)
        for tree in ["passkeys.yaml", "rakuten.yaml"] {
            try FileManager.default.copyItem(
                at: journeys.appendingPathComponent("trees/\(tree)"),
                to: folder.appendingPathComponent("trees/\(tree)"))
        }
        let script = folder.appendingPathComponent(example)
        try Data(edit(text).utf8).write(to: script)
        return script
    }

    static func withDevice(_ file: String) -> (String) -> String {
        { text in
            text.replacingOccurrences(
                of: "journey: PasskeyRegistration\n",
                with: "journey: PasskeyRegistration\ndevice: { file: \"\(file)\" }\n")
        }
    }

    @Test func aDeviceFileInAFolderThatIsNotThereStopsTheRunBeforeItsFirstRequest() async throws {
        let script = try Self.copy("passkey-register.yaml", edit: Self.withDevice("nodir/bob.json"))
        let output = try await CLI.run(["run", script.path], timeout: 300)
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("step 1"), "\(output.stdout)")
        Golden.check(output)
    }

    @Test func aDeviceFileIsATemplateResolvedAtRunStart() async throws {
        let script = try Self.copy("passkey-register.yaml", edit: Self.withDevice("{{ env.DEV }}/bob.json"))
        let folder = script.deletingLastPathComponent()
        let lint = try await CLI.run(["lint", script.path], timeout: 300)
        #expect(lint.status == 0, "\(lint.stdout)\n\(lint.stderr)")
        // An unwritable place: stopped before the first request, naming the resolved folder.
        let missing = try await CLI.run(
            ["run", script.path], environment: ["DEV": folder.appendingPathComponent("none").path], timeout: 300)
        #expect(missing.status == 2, "\(missing.stdout)\n\(missing.stderr)")
        #expect(!missing.stdout.contains("step 1"), "\(missing.stdout)")
        // A real folder: the passkey is kept there.
        let devices = folder.appendingPathComponent("devices")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        let kept = try await CLI.run(["run", script.path], environment: ["DEV": devices.path], timeout: 300)
        #expect(kept.status == 0, "\(kept.stdout)\n\(kept.stderr)")
        #expect(FileManager.default.fileExists(atPath: devices.appendingPathComponent("bob.json").path))
    }

    @Test(arguments: [["--report", "json=README.md/report.json"], ["--record", "README.md/run.har"]])
    func anOutputPathThatCannotBeWrittenStopsTheRunBeforeItsFirstRequest(_ flag: [String]) async throws {
        let output = try await CLI.run(["run", "journeys/login.yaml"] + flag, timeout: 300)
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("step 1"), "\(output.stdout)")
        Golden.check(output, run: String(flag[0].drop { $0 == "-" }))
    }

    @Test func theChallengerFlagKeepsTheScriptsChallengerFromBeingEvaluated() async throws {
        let script = try Self.copy("rakuten-clear-pass.yaml") { text in
            text.replacingOccurrences(
                of: "  pageId: clear-pass-page\n",
                with: "  pageId: clear-pass-page\n  challenger: \"{{ env.CHALLENGER_URL_UNSET_HERE }}\"\n")
        }
        let output = try await CLI.run(
            ["run", script.path, "--challenger", "http://127.0.0.1:9"], timeout: 300)
        let all = output.stdout + output.stderr
        #expect(!all.contains("CHALLENGER_URL_UNSET_HERE"), "\(all)")
        Golden.check(output)
        // Not a transcript: the transcript has the flag's port as <port>; it is checked here.
        #expect(all.contains("127.0.0.1:9"), "\(all)")
    }

    /// `--simulate` (or `--server`) replaces the script's `server.simulate`: the tree the script
    /// names is not looked at, so a missing one does not stop the run.
    @Test(arguments: [["--simulate", "journeys/trees/am.yaml"]])
    func aServerFlagKeepsTheScriptsSimulatorTreeFromBeingLookedAt(_ flag: [String]) async throws {
        let output = try await CLI.run(["run", "Tests/BadInputs/missing-simulate-tree.yaml"] + flag, timeout: 300)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("trees/none.yaml"), "\(output.stdout)")
    }

    /// `--server` (here through `--simulate`, which sets it) and `--realm` replace `server.url`
    /// and `server.realm`: their templates, which would stop on an unset variable, are never read.
    @Test func theServerAndRealmFlagsKeepTheScriptsValuesFromBeingEvaluated() async throws {
        let script = try Self.copy("login.yaml") { text in
            text.replacingOccurrences(
                of: "server: { simulate: trees/am.yaml, realm: alpha }",
                with: "server: { url: \"{{ env.UNSET_URL_X }}\", realm: \"{{ env.UNSET_REALM_X }}\", timeout: 30 }")
        }
        let output = try await CLI.run(
            ["run", script.path, "--simulate", "journeys/trees/am.yaml", "--realm", "alpha", "--timeout", "20"],
            timeout: 300)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("UNSET_"), "\(output.stdout)")
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// Issue 36 point 7, as a user meets it: a simulator whose success URL holds the script's
/// secret (with `#`, `&`, `+`, `=` and a non-ASCII letter in it). The console, `--format json`,
/// every report file and the recording mask it; `--format json` writes what `--report json=` does.
@Suite struct SecretInSuccessURLEndToEndTests {
    static let secret = "p#ss&w+rd=ü9"

    @Test func theSecretIsMaskedInEveryOutputAndFormatJSONIsTheReportFile() async throws {
        let folder = try TemporaryFiles.directory("journey-success-url")
        let trees = Repository.root.appendingPathComponent("journeys/trees")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("keys"), withDestinationURL: trees.appendingPathComponent("keys"))
        let tree = try String(contentsOf: trees.appendingPathComponent("am.yaml"), encoding: .utf8)
            .replacingOccurrences(
                of: "successUrl: /am/console",
                with: "successUrl: \"https://app.test/done?next=%2F&pw=\(Self.secret)&x=1\"")
        try Data(tree.utf8).write(to: folder.appendingPathComponent("tree.yaml"))
        let script = folder.appendingPathComponent("secret.yaml")
        try Data(
            """
            version: 1
            name: Secret in the success URL
            server: { simulate: tree.yaml, realm: alpha }
            journey: Login
            vars:
              pw: { value: "\(Self.secret)", secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: Ch4ng3it!

            """.utf8
        ).write(to: script)
        var arguments = ["run", script.path, "--record", folder.appendingPathComponent("run.har").path]
        for format in ["json", "junit", "html", "markdown"] {
            arguments += ["--report", "\(format)=\(folder.appendingPathComponent("report.\(format)").path)"]
        }
        let json = try await CLI.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.stdout)\n\(json.stderr)")
        let console = try await CLI.run(["run", script.path, "--verbose"])
        #expect(console.status == 0, "\(console.stdout)\n\(console.stderr)")
        Golden.check(console)
        let reportJSON = try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8)
        // The same document but for the run's timings.
        func untimed(_ text: String) -> String {
            text.split(separator: "\n").filter { !$0.contains("\"duration") && !$0.contains("At\"") }.joined()
        }
        #expect(untimed(json.stdout) == untimed(reportJSON))
        var outputs = [("console", console.stdout), ("--format json", json.stdout)]
        for file in ["report.json", "report.junit", "report.html", "report.markdown", "run.har"] {
            outputs.append((file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }
        for (name, text) in outputs {
            for form in [Self.secret, "p#ss&amp;w", "p#ss\\u0026w", "w+rd=ü9", "rd=ü9", "%C3%BC9"] {
                #expect(!text.contains(form), "'\(form)' in \(name)")
            }
        }
    }
}

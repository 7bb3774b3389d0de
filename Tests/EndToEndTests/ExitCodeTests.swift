import Foundation
import JourneyKit
import JourneyTestSupport
import Testing

/// One decision on exit codes, in the code and in every document that lists them: 3 is
/// transport or protocol trouble only; a script-side problem found at run time is an
/// expectation failure (1) naming the script line; a problem found before anything is sent is 2.
@Suite struct ExitCodeTests {
    /// A document's text with every run of whitespace made one space, so phrases survive line wrapping.
    static func text(_ path: String) throws -> String {
        let raw = try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
        return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theCodeMapsEachVerdictToItsExitCode() {
        #expect(RunStatus.passed.exitCode == 0)
        #expect(RunStatus.failed.exitCode == 1)
        #expect(RunStatus.invalid.exitCode == 2)
        #expect(RunStatus.error.exitCode == 3)
        #expect(RunStatus.mismatch.exitCode == 4)
    }

    @Test func readmeFormatAndDecisionsSayTheSame() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("3 transport or protocol error only"))
        #expect(readme.contains("a value the script cannot produce at run time, named by its file:line:col"))
        let format = try Self.text("docs/format.md")
        #expect(format.contains("| 3 | Transport or protocol error, and nothing else"))
        #expect(format.contains("Also a script-side problem found at run time, named by its file:line:col"))
        #expect(format.contains("Found before anything is sent. |"))
        let decisions = try Self.text("docs/decisions.md")
        #expect(decisions.contains("protocol errors (exit 3), and exit 3 means nothing else"))
        #expect(decisions.contains("A script-side problem found at run time is an expectation failure (exit 1)"))
        #expect(
            decisions.contains("Problems found before anything is sent (lint errors, no server to run against) exit 2"))
        for document in [readme, format, decisions] {
            #expect(!document.contains("reported as an error (exit 3)"))
        }
    }

    @Test func aScriptWithNoServerIsInvalid() async throws {
        let path = try TemporaryFiles.file(
            "no-server.yaml",
            """
            version: 1
            name: Nowhere
            journey: Login
            handlers:
              NameCallback: demo

            """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 2, "\(output.stdout)")
        Golden.check(output)
    }

    @Test func benchStopsWithTheCheckRunsOwnVerdict() async throws {
        let login = Repository.path("journeys/login.yaml")
        let mismatch = try await CLI.run([
            "bench", login, "--replay", Repository.path("journeys/recordings/second-factor-otp.har"), "--count", "5",
        ])
        #expect(mismatch.status == 4, "\(mismatch.stderr)")
        Golden.check(mismatch, run: "mismatch")
        let invalid = try await CLI.run(["bench", "--pow", login])
        #expect(invalid.status == 64, "\(invalid.stderr)")
    }
}

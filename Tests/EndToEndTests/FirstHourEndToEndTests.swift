import Foundation
import JourneyTestSupport
import Testing

/// The traps of a first hour with the binary, tried from the CLI against the simulator: a
/// misspelled callback type, an unhandled choice, lint's warnings during a run.
@Suite struct FirstHourEndToEndTests {
    static let tree = Repository.path("journeys/trees/am.yaml")

    static func script(_ handlers: String, journey: String = "Login") throws -> String {
        try TemporaryFiles.file(
            "script.yaml",
            """
            version: 1
            name: First hour
            server: { simulate: \(tree), realm: alpha }
            journey: \(journey)
            handlers:
            \(handlers)

            """)
    }

    @Test func aMisspelledHandlerTypeIsAnErrorInLintAndRun() async throws {
        let path = try Self.script(
            """
              NameCallbak: demo
              PasswordCallback: Ch4ng3it!
            """)
        let lint = try await CLI.run(["lint", path])
        #expect(lint.status == 2, "\(lint.stdout)\(lint.stderr)")
        Golden.check(lint, run: "lint")
        let run = try await CLI.run(["run", path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        Golden.check(
            run, run: "run")
    }

    @Test func anUnhandledChoiceShowsItsChoicesAndWhyEachHandlerDidNotMatch() async throws {
        let path = try Self.script(
            """
              - match: NameCallback
                value: demo
              - match: PasswordCallback
                value: Ch4ng3it!
              - match: { type: ChoiceCallback, stage: OTP }
                choose: SMS
            """, journey: "SecondFactor")
        let run = try await CLI.run(["run", path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        Golden.check(run)
        #expect(!run.stdout.contains("← \"\""), "\(run.stdout)")
    }

    @Test func runPrintsLintWarningsOnStandardErrorOnceBeforeTheRun() async throws {
        let path = try Self.script(
            """
              NameCallback: { command: [echo, demo] }
              PasswordCallback: Ch4ng3it!
            """)
        let run = try await CLI.run(["run", path, "--allow-commands", "--repeat", "2", "--format", "json"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let warning = "warning: this script runs the program 'echo'"
        #expect(run.stderr.components(separatedBy: warning).count == 2, "\(run.stderr)")
        #expect(!run.stdout.contains("warning"))
        // stdout stays one JSON document.
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(run.stdout)")
    }
}

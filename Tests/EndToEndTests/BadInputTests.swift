import Foundation
import JourneyTestSupport
import Testing

/// Bad scripts and bad servers: each gets a clear message and the exit code the README gives.
/// Server misbehaviour comes from the simulator's fault injection, never from sleeps.
@Suite struct BadInputTests {
    /// A script against the example simulator, in its own folder next to a copy-free tree path.
    static func script(_ body: String) throws -> String {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path
        return try TemporaryFiles.file("script.yaml", body.replacingOccurrences(of: "TREE", with: tree))
    }

    static let login = """
        version: 1
        name: Login
        server: { simulate: TREE }
        journey: Login
        handlers:
          NameCallback: demo
          PasswordCallback: { value: Ch4ng3it!, secret: true }

        """

    static func faulty(_ fault: String, timeout: String = "5") throws -> String {
        try script(
            login.replacingOccurrences(
                of: "server: { simulate: TREE }",
                with: "server: { simulate: TREE, timeout: \(timeout), headers: { X-Simulator-Fault: \"\(fault)\" } }"))
    }

    @Test func invalidYAML() async throws {
        let path = try Self.script("version: 1\nname: [unclosed\njourney: Login\n")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test func unknownKeyWithSuggestion() async throws {
        let path = try Self.script(Self.login + "handelrs: {}\n")
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(
            output)
    }

    @Test func lintChecksTheFilesAScriptNames() async throws {
        let path = try Self.script(
            Self.login.replacingOccurrences(of: "simulate: TREE", with: "simulate: trees/none.yaml")
                + "uses: missing.yaml\n")
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(
            output)

        let folder = (path as NSString).deletingLastPathComponent
        let first = (folder as NSString).appendingPathComponent("first.yaml")
        let second = (folder as NSString).appendingPathComponent("second.yaml")
        try Data("version: 1\nname: first\nuses: second.yaml\nrequest: { url: /x }\n".utf8).write(
            to: URL(fileURLWithPath: first))
        try Data("version: 1\nname: second\nuses: first.yaml\nrequest: { url: /x }\n".utf8).write(
            to: URL(fileURLWithPath: second))
        let cycle = try await CLI.run(["lint", first])
        #expect(cycle.status == 2)
        Golden.check(cycle, run: "cycle")

        try Data("version: 1\nname: second\njourney: Login\nhandelrs: {}\n".utf8).write(
            to: URL(fileURLWithPath: second))
        let invalid = try await CLI.run(["lint", first])
        #expect(invalid.status == 2)
        Golden.check(
            invalid, run: "invalid")
    }

    @Test func wrongValueType() async throws {
        let path = try Self.script(Self.login + "limits: { maxSteps: many }\n")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test func optionThatDoesNotFitTheCallbackType() async throws {
        let path = try Self.script(
            Self.login.replacingOccurrences(of: "NameCallback: demo", with: "NameCallback: { choose: 1 }"))
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test func undefinedVariable() async throws {
        let path = try Self.script(
            Self.login.replacingOccurrences(of: "NameCallback: demo", with: "NameCallback: \"{{ usernme }}\""))
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test func threeErrorsAreAllReported() async throws {
        let path = try Self.script(
            """
            version: 2
            name: Broken
            jorney: Login
            limits: { maxSteps: many }

            """)
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(output)
        let errors = output.stderr.components(separatedBy: ": error: ").count - 1
        #expect(errors >= 3)
    }

    @Test func unhandledCallbackNamesStepCallbackPromptAndHandlersTried() async throws {
        let path = try Self.script(Self.login.replacingOccurrences(of: "journey: Login", with: "journey: SecondFactor"))
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(
            output)
    }

    @Test func serverUnreachable() async throws {
        let path = try Self.script(Self.login)
        let output = try await CLI.run(["run", path, "--server", "http://127.0.0.1:1/am"])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        let output = try await CLI.run(["run", try Self.faulty("hang", timeout: "0.5")])
        #expect(output.status == 3)
        Golden.check(output)
        // Not a transcript: the transcript has the timeout as <duration>; its figure is checked here.
        #expect(output.stdout.contains("no response within 0.5 s"))
    }

    @Test func slowServerPastTheTimeout() async throws {
        let output = try await CLI.run(["run", try Self.faulty("delay=1500", timeout: "0.3")])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func htmlInsteadOfJSON() async throws {
        let output = try await CLI.run(["run", try Self.faulty("html")])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func serverError() async throws {
        let output = try await CLI.run(["run", try Self.faulty("status=503")])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func notJSON() async throws {
        let output = try await CLI.run(["run", try Self.faulty("notJSON")])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func truncatedBody() async throws {
        let output = try await CLI.run(["run", try Self.faulty("truncated")])
        #expect(output.status == 3)
        Golden.check(output)
    }

    @Test func connectionClosed() async throws {
        let output = try await CLI.run(["run", try Self.faulty("close")])
        #expect(output.status == 3)
        // Not a transcript: which of the two the client sees depends on when the close reaches it.
        #expect(output.stdout.contains("connection closed") || output.stdout.contains("request failed"))
    }

    @Test func journeyLoopingPastMaxSteps() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Endless wait
            server: { simulate: TREE }
            journey: TimedWait
            limits: { maxSteps: 4, fastPolling: true, maxPolls: 100 }

            """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output)
    }

    @Test func wrongOutcomeIsAnExpectationFailure() async throws {
        let path = try Self.script(
            Self.login.replacingOccurrences(of: "Ch4ng3it!", with: "wrong") + "expect: { outcome: success }\n")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1)
        Golden.check(output)
        #expect(!output.stdout.contains("wrong"), "a secret reached the output")
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// Transactional authorization and step-up through the CLI, against the simulator's protected
/// resources (journeys/trees/am.yaml `resources:`).
@Suite struct AuthorizationTests {
    static let login = LoginScript.yaml(name: "Resource", simulate: "TREE")

    @Test func theFourExamplesPass() async throws {
        let files = [
            "journeys/withdraw-confirm-password.yaml", "journeys/withdraw-ig-redirect.yaml",
            "journeys/withdraw-ig-header.yaml", "journeys/transfer-step-up.yaml",
        ]
        let output = try await CLI.run(["run"] + files)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(
            output)
        #expect(!output.stdout.contains("Ch4ng3it!"))
    }

    /// The login script answering the step-up's ConfirmPassword with a wrong password.
    static let wrongStepUpPassword = login.replacingOccurrences(
        of: "  PasswordCallback: \"{{ password }}\"",
        with:
            "  - match: { type: PasswordCallback, stage: ConfirmPassword }\n    value: wrong\n  - match: PasswordCallback\n    value: \"{{ password }}\""
    )
    .replacingOccurrences(of: "  NameCallback: demo", with: "  - match: NameCallback\n    value: demo")

    /// A script calling a protected resource: the run's exit status and its golden transcript
    /// (`Golden/AuthorizationTests/resourceCall.<description>.out`).
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var script: String
        var status: Int32
    }

    static let cases: [Case] = [
        Case(
            testDescription: "base64url advice in the redirect",
            script: login + """
                request: { url: /ig/withdraw-b64 }
                expect:
                  outcome: { authorized: { body: { amount: 500 } } }
                  singleUse: true
                """,
            status: 0),
        Case(
            testDescription: "a wrong password during step-up fails with the step",
            script: wrongStepUpPassword + """
                request: { url: /resources/transfer }
                """,
            status: 1),
        Case(
            testDescription: "expecting a denial passes",
            script: wrongStepUpPassword + """
                request: { url: /ig/withdraw, adviceInHeader: true }
                expect: { outcome: { denied: { advice: TransactionConditionAdvice } } }
                """,
            status: 0),
        Case(
            testDescription: "a retry without the txid keeps getting advice",
            script: login + """
                request: { url: /resources/withdraw, method: POST, retry: { txid: none } }
                """,
            status: 3),
        // The simulator's IG accepts X-TxID as well as _txid; the retry's note shows the carrier.
        Case(
            testDescription: "the script chooses the carrier",
            script: login + """
                request: { url: /ig/withdraw, retry: { txid: header } }
                """,
            status: 0),
    ]

    @Test(arguments: cases)
    func resourceCall(_ example: Case) async throws {
        let path = try BadInputTests.script(example.script)
        let output = try await CLI.run(["run", path])
        #expect(output.status == example.status, "\(output.stdout)")
        Golden.check(output, run: String(example.testDescription.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
    }

    @Test func aUsedScriptsOutboxReadsAreRecordedAndReplayed() async throws {
        let root = CLI.packageRoot.appendingPathComponent("journeys")
        let outer = try TemporaryFiles.file(
            "after-second-factor.yaml",
            """
            version: 1
            name: Withdraw after a second factor
            server: { simulate: \(root.appendingPathComponent("trees/am.yaml").path), realm: alpha }
            uses: { script: \(root.appendingPathComponent("second-factor-otp.yaml").path), outputs: [password] }
            handlers:
              PasswordCallback: "{{ password }}"
            request: { url: /resources/withdraw }

            """)
        let har = (outer as NSString).deletingLastPathComponent + "/after-second-factor.har"
        let recorded = try await CLI.run(["run", outer, "--record", har])
        #expect(recorded.status == 0, "\(recorded.stdout)\n\(recorded.stderr)")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        // Not a transcript: a recording, whose timings vary; the outbox read in it is checked.
        #expect(text.contains("/__simulator/outbox/"), "the used script's outbox read is in the recording")
        let replayed = try await CLI.run(["run", outer, "--replay", har])
        #expect(replayed.status == 0, "\(replayed.stdout)\n\(replayed.stderr)")
    }

    @Test func usesTakesOnlyTheDeclaredOutputs() async throws {
        let login = try BadInputTests.script(Self.login)
        let directory = (login as NSString).deletingLastPathComponent
        let leaking = """
            version: 1
            name: Leak
            server: { simulate: \(CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path), realm: alpha }
            uses: script.yaml
            handlers:
              PasswordCallback: "{{ password }}"
            request: { url: /resources/withdraw }
            """
        let leakPath = (directory as NSString).appendingPathComponent("leak.yaml")
        try Data(leaking.utf8).write(to: URL(fileURLWithPath: leakPath))
        let lint = try await CLI.run(["lint", leakPath])
        #expect(lint.status == 2)
        Golden.check(lint, run: "lint")

        let declared = leaking.replacingOccurrences(
            of: "uses: script.yaml", with: "uses: { script: script.yaml, outputs: [password] }")
        try Data(declared.utf8).write(to: URL(fileURLWithPath: leakPath))
        let run = try await CLI.run(["run", leakPath, "--format", "json"])
        #expect(run.status == 0, "\(run.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let script = try #require((json?["scripts"] as? [[String: Any]])?.first)
        let steps = try #require(script["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["phase"] as? String }.contains("uses script.yaml"))
        #expect(steps.contains { ($0["kind"] as? String) == "call" && ($0["phase"] as? String) == "retry" })
        let outcome = try #require(script["outcome"] as? [String: Any])
        #expect(outcome["type"] as? String == "authorized")
        #expect(outcome["advice"] as? String == "TransactionConditionAdvice")
        #expect(!run.stdout.contains("Ch4ng3it!"))

        let missing = declared.replacingOccurrences(of: "outputs: [password]", with: "outputs: [password, nothing]")
        try Data(missing.utf8).write(to: URL(fileURLWithPath: leakPath))
        let missingRun = try await CLI.run(["run", leakPath])
        // A script-side problem found at run time is an expectation failure naming the line.
        #expect(missingRun.status == 1, "\(missingRun.stdout)")
        Golden.check(missingRun, run: "missingRun")
    }

    @Test func anInvalidUsedScriptIsInvalid() async throws {
        let broken = try BadInputTests.script("version: 1\nname: Broken\njourny: Login\n")
        let directory = (broken as NSString).deletingLastPathComponent
        let user = (directory as NSString).appendingPathComponent("user.yaml")
        try Data(
            "version: 1\nname: User\nserver: { url: \"http://127.0.0.1:9\" }\nuses: script.yaml\nrequest: { url: /r }\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: user))
        let output = try await CLI.run(["run", user])
        #expect(output.status == 2, "\(output.stdout)")
        Golden.check(output)
    }

    @Test func cleanupFailsWhenTheSessionIsStillValid() async throws {
        let path = try BadInputTests.script(
            Self.login + """
                cleanup: { logout: false, after: invalid }
                """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output)
    }
}

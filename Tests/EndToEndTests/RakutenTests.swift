import Foundation
import JourneySimulator
import JourneyTestSupport
import Testing

/// `protocol: rakuten` through the CLI, against the built-in simulator's Rakuten mode
/// (journeys/trees/rakuten.yaml).
@Suite struct RakutenEndToEndTests {
    static let examples = [
        "journeys/rakuten-pow-login.yaml", "journeys/rakuten-clear-pass.yaml", "journeys/rakuten-anonymous.yaml",
        "journeys/rakuten-blocked-address.yaml", "journeys/rakuten-refresh-revoke.yaml",
    ]
    static let secrets = [
        "p@ss word+1", "p%40ss%20word%2B1", "ichiba-client-secret", "anonymous-client-secret", "hanako-pass",
    ]

    /// A script that names the example tree by absolute path.
    static func script(_ body: String) throws -> String {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/rakuten.yaml").path
        return try TemporaryFiles.file("rakuten.yaml", body.replacingOccurrences(of: "TREE", with: tree))
    }

    static func login(_ extra: String, user: String = "taro.test", password: String = "p@ss word+1") -> String {
        """
        version: 1
        name: Rakuten
        protocol: rakuten
        server: { simulate: TREE }
        rakuten:
          clientId: ichiba_app
          clientSecret: { value: ichiba-client-secret, secret: true }
          scope: [memberinfo_read_name, idinfo_read_encrypted_easyid, 90days@Access, 365days@Refresh]
          username: \(user)
          password: { value: "\(password)", secret: true }
        \(extra)

        """
    }

    @Test func theExamplesPassRecordAndReplayWithoutSecrets() async throws {
        let folder = try TemporaryFiles.directory()
        let live = try await CLI.run(["run"] + Self.examples + ["--format", "human", "--record", folder.path + "/"])
        #expect(live.status == 0, "\(live.stdout)\n\(live.stderr)")
        Golden.check(live, run: "live")
        for secret in Self.secrets { #expect(!live.stdout.contains(secret), "\(secret) reached the output") }
        let har = try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        for secret in Self.secrets { #expect(!har.contains(secret), "\(secret) reached a recording") }
        // Not a transcript: the recordings of five runs, whose timings vary; their redaction marks are checked.
        #expect(har.contains("password=«") && har.contains("client_secret=«") && har.contains("«access_token»"))
        #expect(har.contains("challenger_parameters"), "challenge ids and results stay in the recording")
        let replay = try await CLI.run(["run"] + Self.examples + ["--replay", folder.path + "/"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
    }

    @Test func theServerOptionAlsoLocatesChallenger() async throws {
        let path = try Self.script(Self.login("expect: { challenge: { solved: true, ctype: 127 } }"))
        let output = try await CLI.run(["run", path, "--format", "human", "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func anUnsupportedChallengeIsSentWithoutAndRefused() async throws {
        let path = try Self.script(
            Self.login(
                """
                  pageId: captcha-page
                expect:
                  challenge: { solved: false, ctype: 3 }
                  outcome: { failure: { code: 400, error: invalid_grant, errorDescription: challenge is missing } }
                """))
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func aResultSourceAnswersOtherCtypesAndSendWithoutFalseStops() async throws {
        let answered = try Self.script(
            Self.login(
                """
                  pageId: captcha-page
                  challenge: { result: "captcha-{{ challenge.ctype }}" }
                expect:
                  challenge: { solved: true, ctype: 3 }
                  outcome: { failure: { error: invalid_grant, errorDescription: /cannot be answered/ } }
                """))
        let first = try await CLI.run(["run", answered])
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        let stopped = try Self.script(
            Self.login(
                """
                  pageId: captcha-page
                  challenge: { sendWithout: false }
                expect:
                  outcome: { failure: { error: challenge_failed, errorDescription: unsupported challenge type 3 } }
                """))
        let second = try await CLI.run(["run", stopped])
        #expect(second.status == 0, "\(second.stdout)\n\(second.stderr)")
    }

    @Test func aWrongPasswordIsInvalidGrantAndNeverShown() async throws {
        let path = try Self.script(
            Self.login(
                "expect: { outcome: { failure: { code: 400, error: invalid_grant, errorDescription: username/password is wrong } } }",
                password: "Wr0ng pass"))
        let output = try await CLI.run(["run", path, "--format", "json"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("Wr0ng") && !output.stdout.contains("ichiba-client-secret"))
    }

    @Test func anUnexpectedOutcomeFailsTheRun() async throws {
        let path = try Self.script(Self.login("expect: { tokens: { userinfo: { firstName: Jiro } } }"))
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func aChallengerThatIsDownIsATraceNote() async throws {
        let path = try Self.script(
            Self.login(
                """
                  challenger: http://127.0.0.1:9
                expect:
                  challenge: { solved: false }
                  outcome: { failure: { error: invalid_grant, errorDescription: challenge is missing } }
                """))
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// `--challenger` wins over the script's `rakuten.challenger` and over the host rule.
    @Test func theChallengerOptionOverridesTheScript() async throws {
        let path = try Self.script(
            Self.login(
                """
                expect:
                  challenge: { solved: false }
                  outcome: { failure: { error: invalid_grant, errorDescription: challenge is missing } }
                """))
        let output = try await CLI.run(["run", path, "--format", "human", "--challenger", "http://127.0.0.1:9"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// Challenger down (503) or slower than its timeout: the challenge is not met, the trace says
    /// why, and the login goes without it as the SDK sends it.
    /// The slow case is a Challenger that never answers: the Challenger's own 20 s limit ends the
    /// wait, not a race between a delay and a timeout. The run's timeout stays the default: a 5 s
    /// one also cut the token request on a loaded machine, where the in-process simulator
    /// answered later than that.
    @Test(arguments: [
        (FaultSpec.status(code: 503, plain: true), "invalid response from /v1.0/c: HTTP 503"),
        (FaultSpec.hang, "no response within 20 s"),
    ])
    func aChallengerDownOrSlowIsNotedAndTheLoginGoesWithout(_ fault: FaultSpec, _ said: String) async throws {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/rakuten.yaml").path
        let simulator = try await Simulator.start(
            try SimulatorLoader.load(path: tree), options: SimulatorOptions(logRequests: false))
        simulator.injectFault(fault, path: "/v1.0/c", times: nil)
        let path = try Self.script(
            Self.login(
                """
                expect:
                  challenge: { solved: false }
                  outcome: { failure: { error: invalid_grant, errorDescription: challenge is missing } }
                """
            ).replacingOccurrences(of: "server: { simulate: TREE }", with: "server: {}"))
        let output = try await CLI.run(["run", path, "--format", "human", "--server", simulator.rakutenURL])
        await simulator.stop()
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output, run: said.contains("503") ? "down" : "slow")
        // Not a transcript: the transcript has the 20 s limit as <duration>; its figure is checked here.
        #expect(output.stdout.contains(said), "\(output.stdout)")
    }

    /// A replay's verdict never depends on the machine's speed: a recording of the reference's
    /// worked example (met after 97,395 tries) replays with a 1 ms budget, which a live run
    /// could not meet (it looks at the clock every 4,096 tries).
    @Test func aReplayMeetsTheRecordedProofOfWorkWhateverItsTimeBudget() async throws {
        let original = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/rakuten-pow-login.yaml"), encoding: .utf8)
        let folder = try TemporaryFiles.directory("journey-replay-budget")
        let script = folder.appendingPathComponent("rakuten-pow-login.yaml")
        let budgeted = original.replacingOccurrences(
            of: "  serviceId: i101\n", with: "  serviceId: i101\n  challenge: { timeout: 1 }\n"
        ).replacingOccurrences(of: "server: { simulate: trees/rakuten.yaml }", with: "server: {}")
        #expect(budgeted != original)
        try Data(budgeted.utf8).write(to: script)
        let recording = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/recorded/rakuten-pow-worked-example.har")
        let output = try await CLI.run(["run", script.path, "--replay", recording.path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func lintNamesTheProblemsOfARakutenScript() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Bad Rakuten script
            protocol: rakuten
            journey: Login
            rakuten: { clientId: a, clientSecret: s, grant: implicit, scop: x }

            """)
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// The example's recording with the answer of the first call to `path` replaced (a later one,
    /// such as the cleanup's token check, keeps its answer), in a folder of its own.
    static func editedRecording(_ example: String, path: String, status: Int, body: String) throws -> URL {
        let source = CLI.packageRoot.appendingPathComponent("journeys/recordings/\(example).har")
        var har = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var log = try #require(har["log"] as? [String: Any])
        var entries = try #require(log["entries"] as? [[String: Any]])
        var edited = 0
        for index in entries.indices {
            guard let request = entries[index]["request"] as? [String: Any], let url = request["url"] as? String,
                edited == 0, url.contains(path), var response = entries[index]["response"] as? [String: Any],
                var content = response["content"] as? [String: Any]
            else { continue }
            response["status"] = status
            content["text"] = body
            content["size"] = body.utf8.count
            response["content"] = content
            entries[index]["response"] = response
            edited += 1
        }
        #expect(edited == 1, "\(example) has \(edited) calls to \(path)")
        log["entries"] = entries
        har["log"] = log
        let folder = try TemporaryFiles.directory()
        try JSONSerialization.data(withJSONObject: har).write(to: folder.appendingPathComponent("\(example).har"))
        return folder
    }

    /// An example replayed with one answer of its recording changed: the run's exit status (nil:
    /// not judged) and its golden transcript
    /// (`Golden/RakutenTests/errorsTheSDKIgnoresAreNotesOthersFail.<description>.out`).
    struct EditedAnswerCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var example: String
        var path: String
        var status: Int
        var body: String
        var arguments: [String] = []
        var exit: Int32?
    }

    static let editedAnswerCases: [EditedAnswerCase] = [
        EditedAnswerCase(
            testDescription: "a revoke error the SDK ignores is a note", example: "rakuten-anonymous",
            path: "/token_cancel", status: 401,
            body: #"{"error":"invalid_token","error_description":"token is invalid or expired"}"#,
            arguments: ["--format", "human"], exit: 0),
        EditedAnswerCase(
            testDescription: "another revoke error fails", example: "rakuten-anonymous", path: "/token_cancel",
            status: 404, body: #"{"error":"not_found"}"#, exit: 1),
        // The example expects firstName Taro, which an ignored GetName error leaves out.
        EditedAnswerCase(
            testDescription: "a GetName error the SDK ignores is a note", example: "rakuten-refresh-revoke",
            path: "/GetName/", status: 500, body: #"{"error":"system_error"}"#, arguments: ["--format", "human"]),
        EditedAnswerCase(
            testDescription: "another GetName error fails the login", example: "rakuten-refresh-revoke",
            path: "/GetName/", status: 401,
            body: #"{"error":"invalid_token","error_description":"token is invalid or expired"}"#,
            arguments: ["--format", "human"], exit: 1),
    ]

    @Test(arguments: editedAnswerCases)
    func errorsTheSDKIgnoresAreNotesOthersFail(_ edit: EditedAnswerCase) async throws {
        let recording = try Self.editedRecording(edit.example, path: edit.path, status: edit.status, body: edit.body)
        let output = try await CLI.run(
            ["run", "journeys/\(edit.example).yaml", "--replay", recording.path + "/"] + edit.arguments)
        if let exit = edit.exit {
            #expect(output.status == exit, "\(output.stdout)\n\(output.stderr)")
        }
        Golden.check(output, run: String(edit.testDescription.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
    }

    /// A proof of work that cannot be met is retried once with a new challenge, then the login
    /// goes without. The challenge is made unmeetable by the server (an unusable `/v1.0/m`
    /// answer), not by a time budget this machine's speed would decide.
    @Test func anUnsolvedProofOfWorkIsRetriedOnceWithANewChallenge() async throws {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/rakuten.yaml").path
        let simulator = try await Simulator.start(
            try SimulatorLoader.load(path: tree), options: SimulatorOptions(logRequests: false))
        simulator.injectFault(.notJSON, path: "/v1.0/m", times: nil)
        let path = try Self.script(
            Self.login(
                """
                expect:
                  challenge: { solved: false, ctype: 127 }
                  outcome: { failure: { error: invalid_grant, errorDescription: challenge is missing } }
                """
            ).replacingOccurrences(of: "server: { simulate: TREE }", with: "server: {}"))
        let output = try await CLI.run(["run", path, "--format", "human", "--server", simulator.rakutenURL])
        await simulator.stop()
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdout.components(separatedBy: "POST /v1.0/c").count == 3, "two challenges")
        Golden.check(output)
    }
}

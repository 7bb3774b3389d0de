import Foundation
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
        #expect(live.stdout.contains("5 passed, 0 failed"))
        #expect(live.stdout.contains("proof of work solved in"))
        #expect(live.stdout.contains("clear pass"))
        #expect(live.stdout.contains("GetName not_found (HTTP 404) ignored"))
        #expect(live.stdout.contains("access_token revoked"))
        for secret in Self.secrets { #expect(!live.stdout.contains(secret), "\(secret) reached the output") }
        let har = try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        for secret in Self.secrets { #expect(!har.contains(secret), "\(secret) reached a recording") }
        #expect(har.contains("password=«") && har.contains("client_secret=«") && har.contains("«access_token»"))
        #expect(har.contains("challenger_parameters"), "challenge ids and results stay in the recording")
        let replay = try await CLI.run(["run"] + Self.examples + ["--replay", folder.path + "/"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        #expect(replay.stdout.contains("5 passed, 0 failed"))
    }

    @Test func theServerOptionAlsoLocatesChallenger() async throws {
        let path = try Self.script(Self.login("expect: { challenge: { solved: true, ctype: 127 } }"))
        let output = try await CLI.run(["run", path, "--format", "human", "--verbose"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(output.stdout.contains("/v1.0/m?cid="))
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
        #expect(output.stdout.contains("unsupported challenge type 3"))
        #expect(output.stdout.contains("the password grant is sent without a challenge"))
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
        #expect(output.stdout.contains("expected userinfo member firstName 'Jiro'") || output.stdout.contains("Jiro"))
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
        #expect(output.stdout.contains("Challenger unreachable"))
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
        let text = output.stdout + output.stderr
        #expect(text.contains("'journey' has no meaning in a protocol: rakuten script"))
        #expect(text.contains("rakuten.grant must be one of password, clientCredentials"))
        #expect(text.contains("did you mean 'scope'?"))
    }
}

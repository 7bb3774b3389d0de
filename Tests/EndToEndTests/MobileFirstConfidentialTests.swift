import Foundation
import JourneyTestSupport
import Testing

/// The rest of MobileFirst through the CLI, against the built-in simulator: confidential
/// clients, introspection, logout then challenged again, heartbeat, several checks per scope.
@Suite struct MobileFirstConfidentialEndToEndTests {
    static let examples = [
        "journeys/mobilefirst-confidential-introspection.yaml", "journeys/mobilefirst-logout-challenged-again.yaml",
    ]
    static let secret = "b4lance-S3rvice-Secr3t"

    static func script(_ body: String) throws -> String { try MobileFirstEndToEndTests.script(body) }

    /// A confidential-client script for `balanceService` (or `client`), with `rest` appended.
    static func confidential(client: String = "balanceService", secret: String = secret, _ rest: String) throws
        -> String
    {
        try script(
            """
            version: 1
            name: Confidential client
            protocol: mobilefirst
            server: { simulate: TREE }
            mobilefirst:
              scope: accounts
              grant: clientCredentials
              confidentialClient: { id: \(client), secret: { value: "\(secret)", secret: true } }
              introspect: true
            \(rest)

            """)
    }

    @Test func theExamplesPassRecordAndReplayWithoutTheSecretOrATokenInAnyOutput() async throws {
        let directory = try TemporaryFiles.directory()
        let output = try await CLI.run(
            ["run"] + Self.examples + ["--format", "human", "--seed", "1", "--record", directory.path + "/"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(
            output)
        #expect(!output.stdout.contains(Self.secret), "the client secret reached the output")
        let basic = Data("balanceService:\(Self.secret)".utf8).base64EncodedString()
        for name in ["mobilefirst-confidential-introspection", "mobilefirst-logout-challenged-again"] {
            let har = try String(contentsOf: directory.appendingPathComponent("\(name).har"), encoding: .utf8)
            #expect(!har.contains(Self.secret) && !har.contains(basic), "the client secret is in \(name).har")
            #expect(!har.contains("client_assertion=ey"), "a client assertion is in \(name).har")
            for token in Self.tokens(in: har) { Issue.record("a token is in \(name).har: \(token)") }
        }
        let replay = try await CLI.run(["run"] + Self.examples + ["--replay", "journeys/recordings/"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
    }

    /// `"access_token":"<not a placeholder>"` in a HAR.
    static func tokens(in har: String) -> [String] {
        har.components(separatedBy: "access_token\\\":\\\"").dropFirst().map { String($0.prefix(12)) }
            .filter { !$0.hasPrefix("«") }
    }

    @Test func aWrongSecretIsTheFailureInvalidClientAndNoSecretIsShown() async throws {
        let path = try Self.confidential(
            secret: "wr0ng-Secr3t-Value", "expect: { outcome: { failure: { error: invalid_client, code: 401 } } }")
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("wr0ng-Secr3t-Value"))
        let unexpected = try Self.confidential(secret: "wr0ng-Secr3t-Value", "")
        let failed = try await CLI.run(["run", unexpected])
        #expect(failed.status == 1, "\(failed.stdout)\n\(failed.stderr)")
        Golden.check(failed, run: "failed")
    }

    @Test func aClientWithoutAuthorizationIntrospectIsRefusedIntrospectionAsAFailure() async throws {
        let path = try Self.confidential(
            client: "reportingService", secret: "r3porting-S3rvice-Secr3t",
            "expect: { outcome: { failure: { error: invalid_scope, code: 400 } } }")
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test func introspectionResultsAreExpectations() async throws {
        let path = try Self.confidential(
            """
            expect:
              tokens:
                introspection: { active: true, client_id: someoneElse, scope: /payments/ }
            """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func aLogoutThatIsNotChallengedAgainFailsTheRun() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Logout from a check the scope does not use
            protocol: mobilefirst
            server: { simulate: TREE }
            mobilefirst: { scope: accounts, logout: PinCodeAttempts }
            handlers:
              SimpleCaptcha: { answer: { solve: arithmetic } }

            """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func aScopeOfTwoChecksIsAnsweredInOneRound() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Two checks, one round
            protocol: mobilefirst
            server: { simulate: TREE }
            mobilefirst: { scope: transfers }
            handlers:
              SimpleCaptcha: { answer: { solve: arithmetic } }
              PinCodeAttempts: { pin: { value: "1234", secret: true } }
            expect:
              steps:
                - [PinCodeAttempts, SimpleCaptcha]
              outcome: { token: { scope: transfers } }

            """)
        let output = try await CLI.run(["run", path, "--format", "json"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(
            output.stdout.components(separatedBy: "/preauth/v1/preauthorize").count - 1 == 2,
            "one challenge round: two preauthorize requests")
    }

    @Test func heartbeatAndLogoutFaultsAreHandledAsTheSDKsDo() async throws {
        let example = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/trees/mobilefirst.yaml"), encoding: .utf8)
        let tree = try TemporaryFiles.file(
            "mfp-faults.yaml",
            example + """
                  faults:
                    - { endpoint: heartbeat, kind: invalidClient }
                    - { endpoint: logout, kind: conflict, times: 2 }

                """)
        let script = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/mobilefirst-logout-challenged-again.yaml"),
            encoding: .utf8)
        let path = try TemporaryFiles.file(
            "mfp-logout.yaml", script.replacingOccurrences(of: "trees/mobilefirst.yaml", with: tree))
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(
            output)
    }

    @Test func aMobileClientsTokenIsIntrospectedByTheConfidentialClient() async throws {
        let path = try Self.script(
            """
            version: 1
            name: A mobile token introspected
            protocol: mobilefirst
            server: { simulate: TREE }
            mobilefirst:
              scope: accounts
              confidentialClient: { id: balanceService, secret: { value: "\(Self.secret)", secret: true } }
              introspect: true
            handlers:
              SimpleCaptcha: { answer: { solve: arithmetic } }
            expect:
              steps: [[SimpleCaptcha]]
              tokens:
                introspection: { active: true, scope: accounts, client_id: "/^[0-9a-f-]{36}$/" }

            """)
        let output = try await CLI.run(["run", path, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        #expect(!output.stdout.contains(Self.secret))
    }

    @Test func scriptErrorsForTheConfidentialForm() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Bad confidential client
            protocol: mobilefirst
            mobilefirst:
              scope: accounts
              grant: clientCredentials
              introspect: true
              logout: SimpleCaptcha
            handlers:
              SimpleCaptcha: { answer: "8" }

            """)
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output, run: "confidential")
        let unused = try Self.script(
            """
            version: 1
            name: An unused confidential client
            protocol: mobilefirst
            mobilefirst:
              scope: accounts
              confidentialClient: { id: balanceService, secret: { env: S, secret: true } }

            """)
        let lint = try await CLI.run(["lint", unused])
        #expect(lint.status == 2)
        Golden.check(lint, run: "unused")
    }
}

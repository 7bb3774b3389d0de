import Foundation
import JourneyCore
import JourneySimulator
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyReport
@testable import JourneyRun
@testable import JourneySuite

/// OAuth 2.0 and OpenID Connect after the journey, through the CLI and the library, against the
/// simulator's provider (journeys/trees/am.yaml `oauth:`).
@Suite struct OAuthTests {
    static let login = LoginScript.yaml(name: "Tokens", simulate: "TREE")
    static let examples = [
        "journeys/oauth-code-pkce.yaml", "journeys/oauth-refresh-revoke.yaml", "journeys/oauth-bearer-advice.yaml",
        "journeys/oauth-client-credentials.yaml",
    ]

    static func client(
        _ id: String, _ extra: String = "", redirectUri: String = "org.forgerock.demo:/oauth2redirect"
    ) -> String {
        """
        oauth:
          clientId: \(id)
          redirectUri: \(redirectUri)
          scope: [openid, profile]
        \(extra)

        """
    }

    @Test func theFourExamplesPassRecordAndReplay() async throws {
        let folder = try TemporaryFiles.directory()
        let live = try await CLI.run(["run"] + Self.examples + ["--record", folder.path + "/"])
        #expect(live.status == 0, "\(live.stdout)\n\(live.stderr)")
        Golden.check(live, run: "live")
        for secret in ["Ch4ng3it!", "s3rv1ce-Secr3t"] { #expect(!live.stdout.contains(secret)) }
        let replay = try await CLI.run(["run"] + Self.examples + ["--replay", folder.path + "/"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
    }

    /// The "Done when" check: no token, code, verifier, secret or assertion of the examples is
    /// in any output or HAR, in any encoding, live or replayed.
    @Test func noTokenValueReachesAnyOutput() async throws {
        let paths = Self.examples.map { Repository.root.appendingPathComponent($0).path }
        let recorded = await SecretOutputs.record(paths)
        SecretRedactionEndToEndTests.expectAllPassed(recorded, "the OAuth examples")
        // Access and refresh tokens, codes, PKCE verifiers, ID token signatures, the client secret.
        #expect(recorded.secrets.count >= 12, "\(recorded.secrets.count) secrets")
        SecretRedactionEndToEndTests.expectNoSecret(recorded)
        // Not a transcript: the recordings of four runs, whose timings vary; their redaction marks are checked.
        #expect(recorded.har.contains("«access_token»"))
        #expect(recorded.har.contains("«id_token»"))
        #expect(recorded.har.contains("«code_verifier»"))
        let replayed = try await SecretOutputs.replay(paths, har: recorded.har)
        SecretRedactionEndToEndTests.expectAllPassed(replayed, "the replayed OAuth examples")
        SecretRedactionEndToEndTests.expectNoSecret(replayed)
    }

    @Test(arguments: [
        ("brokenSignatureClient", "signature"), ("wrongAudienceClient", "aud"), ("expiredClient", "exp"),
    ])
    func anInvalidIDTokenFailsNamingTheCheck(_ client: String, _ check: String) async throws {
        let failing = try BadInputTests.script(Self.login + Self.client(client))
        let output = try await CLI.run(["run", failing])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output, run: check)
        let expected = try BadInputTests.script(
            Self.login + Self.client(client)
                + "expect: { outcome: { failure: { error: invalid_id_token, detail: { check: \(check) } } } }\n")
        let passing = try await CLI.run(["run", expected])
        #expect(passing.status == 0, "\(passing.stdout)")
    }

    /// Issue 27 item 8: tokens whose ID token is refused are still revoked at cleanup (a refusal
    /// must not leave a live grant), and the trace says why the end of session is not sent.
    @Test func tokensWithARefusedIDTokenAreStillRevoked() async throws {
        let script = try BadInputTests.script(
            Self.login + Self.client("brokenSignatureClient")
                + "expect: { outcome: { failure: { error: invalid_id_token, detail: { check: signature } } } }\n"
                + "cleanup: { revoke: true, endSession: true }\n")
        let output = try await CLI.run(["run", script, "--format", "human"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    static let webRedirect = "https://app.example.com/callback"

    @Test func aConsentPageIsConsentRequiredUnlessAnswered() async throws {
        let unanswered = try await CLI.run([
            "run", try BadInputTests.script(Self.login + Self.client("consentClient", redirectUri: Self.webRedirect)),
        ])
        #expect(unanswered.status == 1, "\(unanswered.stdout)")
        Golden.check(unanswered, run: "unanswered")

        let allowed = try BadInputTests.script(
            Self.login + Self.client("consentClient", "  consent: allow", redirectUri: Self.webRedirect))
        let allowedRun = try await CLI.run(["run", allowed])
        #expect(allowedRun.status == 0, "\(allowedRun.stdout)")
        Golden.check(allowedRun, run: "allowed")

        // A denial comes back as a redirect to redirect_uri?error=access_denied.
        let denied = try BadInputTests.script(
            Self.login + Self.client("consentClient", "  consent: deny", redirectUri: Self.webRedirect)
                + "expect: { outcome: { failure: { error: access_denied, code: 302, errorDescription: /did not authorize/ } } }\n"
        )
        let deniedRun = try await CLI.run(["run", denied])
        #expect(deniedRun.status == 0, "\(deniedRun.stdout)")
    }

    /// `expect.tokens` is never dropped: a refusal leaves no tokens to check, so a script that
    /// expects both the refusal and tokens fails.
    @Test func tokenExpectationsFailWhenTheProviderRefuses() async throws {
        let script = try BadInputTests.script(
            Self.login + Self.client("consentClient", redirectUri: Self.webRedirect)
                + "expect: { outcome: { failure: { error: consent_required } }, tokens: { idToken: true } }\n")
        let output = try await CLI.run(["run", script])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output)
    }

    @Test func anOAuthErrorIsAFailureExpectedByName() async throws {
        let wrongSecret = """
            version: 1
            name: Wrong client secret
            server: { simulate: TREE, realm: alpha }
            oauth:
              grant: clientCredentials
              clientId: serviceClient
              clientSecret: { value: not-the-secret, secret: true }
              scope: accounts

            """
        let unexpected = try await CLI.run(["run", try BadInputTests.script(wrongSecret)])
        #expect(unexpected.status == 1, "\(unexpected.stdout)")
        Golden.check(unexpected, run: "unexpected")
        #expect(!unexpected.stdout.contains("not-the-secret"))
        let expected = try BadInputTests.script(
            wrongSecret + "expect: { outcome: { failure: { error: invalid_client, code: 401 } } }\n")
        let passing = try await CLI.run(["run", expected])
        #expect(passing.status == 0, "\(passing.stdout)")
    }

    @Test func anUnknownScopeComesBackAsAnErrorRedirect() async throws {
        let script = try BadInputTests.script(
            Self.login
                + """
                oauth:
                  clientId: sdkPublicClient
                  redirectUri: org.forgerock.demo:/oauth2redirect
                  scope: [openid, nonexistent]
                expect: { outcome: { failure: { error: invalid_scope, code: 302 } } }

                """)
        let output = try await CLI.run(["run", script])
        #expect(output.status == 0, "\(output.stdout)")
    }

    /// A revoked token is refused: the used script revokes at its cleanup, this one calls the API
    /// with the token it handed over.
    @Test func aRevokedAccessTokenIsRefused() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = Repository.root.appendingPathComponent("journeys/trees/am.yaml").path
        let first = (Self.login + Self.client("sdkPublicClient", "cleanup: { revoke: true }"))
            .replacingOccurrences(of: "TREE", with: tree)
            .replacingOccurrences(of: "scope: [openid, profile]", with: "scope: [openid, accounts]")
        try first.write(to: folder.appendingPathComponent("tokens.yaml"), atomically: true, encoding: .utf8)
        let second = """
            version: 1
            name: Call with a revoked token
            server: { simulate: \(tree), realm: alpha }
            uses: { script: tokens.yaml, outputs: [access_token] }
            request:
              url: /api/accounts
              headers: { Authorization: "Bearer {{ access_token }}" }
            expect: { outcome: { denied: { status: 401 } } }

            """
        let path = folder.appendingPathComponent("revoked.yaml").path
        try second.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        // Not a transcript: the token's absence (a transcript shows a JWT as <jwt>).
        #expect(output.stdout.contains("Bearer «access_token»") || !output.stdout.contains("Bearer ey"))
    }

    /// An authorize answer that redirects without a Location is a protocol error (exit 3).
    @Test func aRedirectWithoutLocationIsAProtocolError() async throws {
        let definition = try SimulatorLoader.load(
            path: Repository.root.appendingPathComponent("journeys/trees/am.yaml").path)
        let simulator = try await Simulator.start(definition, options: SimulatorOptions(logRequests: false))
        defer { Task { await simulator.stop() } }
        simulator.injectFault(
            .status(code: 302, plain: true), path: "/am/oauth2/realms/root/realms/alpha/authorize", times: nil)
        let script = try BadInputTests.script(
            Self.login.replacingOccurrences(
                of: "server: { simulate: TREE, realm: alpha }", with: "server: { realm: alpha }")
                + Self.client("sdkPublicClient"))
        let output = try await CLI.run(["run", script, "--server", simulator.baseURL])
        await simulator.stop()
        #expect(output.status == 3, "\(output.stdout)")
        Golden.check(output)
    }

    /// PKCE: a code exchanged with a verifier that is not the one of its challenge is invalid_grant.
    @Test func aPKCEMismatchIsInvalidGrant() async throws {
        let path = try BadInputTests.script(
            Self.login + Self.client("sdkPublicClient")
                + "expect: { outcome: { failure: { error: invalid_grant, code: 400, errorDescription: /code verifier/ } } }\n"
        )
        let simulators = SecretOutputs.Simulators()
        let transport = VerifierSwap(base: simulators.transport)
        let configuration = RunConfiguration(environment: [:], transport: transport, seed: 7)
        let results = await SuiteRunner.run(
            SuiteOptions(paths: [path], jobs: 1, configuration: configuration, launcher: simulators))
        await simulators.stopAll()
        let result = try #require(results.first)
        #expect(transport.swapped.withLock { $0 }, "the token request carried a code_verifier")
        #expect(result.status == .passed, "\(result.failures.map(\.message)) \(String(describing: result.outcome))")
    }

    /// A confidential client that authenticates with private_key_jwt gets ES256 ID tokens; a
    /// resource protected by AM's policy evaluation with the ID token (X-IdToken) steps up, and
    /// the retry carries a new ID token.
    @Test func privateKeyJwtAndAnIDTokenResourceStepUp() async throws {
        let key = Repository.root.appendingPathComponent("journeys/keys/jwt-client.pem").path
        let script = try BadInputTests.script(
            Self.login
                + """
                oauth:
                  clientId: jwtClient
                  redirectUri: \(Self.webRedirect)
                  scope: [openid, profile]
                  privateKeyJwt: { key: \(key), kid: jwt-client }
                request: { url: /api/statement, auth: idtoken }
                expect:
                  outcome: { authorized: { advice: AuthenticateToServiceConditionAdvice, body: { statement: ok } } }
                  tokens: { claims: { sub: demo, aud: jwtClient } }

                """)
        let output = try await CLI.run(["run", script])
        #expect(output.status == 0, "\(output.stdout)")
        Golden.check(output, run: "idtoken")
        #expect(output.stdout.components(separatedBy: "id_token verified").count == 3, "\(output.stdout)")

        let service = try BadInputTests.script(
            """
            version: 1
            name: Service with a key
            server: { simulate: TREE, realm: alpha }
            oauth:
              grant: clientCredentials
              clientId: jwtClient
              privateKeyJwt: { key: \(key) }
              scope: accounts
            request: { url: /api/accounts, auth: bearer }

            """)
        let serviceRun = try await CLI.run(["run", service])
        #expect(serviceRun.status == 0, "\(serviceRun.stdout)")
    }

    /// Issue 27 item 9: every path of a script may be a template; the private key's is resolved
    /// when the key is used (lint cannot know it, and does not look).
    @Test func thePrivateKeyPathIsATemplate() async throws {
        let service = try BadInputTests.script(
            """
            version: 1
            name: Service with a key from the environment
            server: { simulate: TREE, realm: alpha }
            oauth:
              grant: clientCredentials
              clientId: jwtClient
              privateKeyJwt: { key: "{{ env.JOURNEY_KEYS }}/jwt-client.pem" }
              scope: accounts
            request: { url: /api/accounts, auth: bearer }

            """)
        let keys = Repository.root.appendingPathComponent("journeys/keys").path
        let lint = try await CLI.run(["lint", service])
        #expect(lint.status == 0, "\(lint.stdout)\n\(lint.stderr)")
        let run = try await CLI.run(["run", service], environment: ["JOURNEY_KEYS": keys])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let missing = try await CLI.run(["run", service], environment: ["JOURNEY_KEYS": keys + "/nowhere"])
        #expect(missing.status == 1, "\(missing.stdout)")
        Golden.check(missing, run: "missing")
    }

    /// `journey import` of a recording with an authorize / access_token exchange writes the oauth: block.
    @Test func importWritesTheOAuthBlock() async throws {
        let folder = try TemporaryFiles.directory()
        let har = folder.appendingPathComponent("code.har").path
        let recorded = try await CLI.run(["run", "journeys/oauth-code-pkce.yaml", "--record", har])
        #expect(recorded.status == 0, "\(recorded.stdout)")
        let imported = folder.appendingPathComponent("imported.yaml").path
        let output = try await CLI.run(["import", har, "-o", imported])
        #expect(output.status == 0, "\(output.stderr)")
        Golden.check(file: URL(fileURLWithPath: imported), run: "imported")
        let replay = try await CLI.run(["run", imported, "--replay", har], environment: ["PASSWORD": "x"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
    }

    @Test func lintNamesTokenKeysWithoutAnOAuthBlock() async throws {
        let path = try BadInputTests.script(
            Self.login + """
                cleanup: { revoke: true }
                expect: { tokens: { scope: [openid] } }

                """)
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2)
        Golden.check(output, run: "tokens")

        let missingKey = try BadInputTests.script(
            Self.login + Self.client("jwtClient", "  privateKeyJwt: { key: no-such-key.pem }"))
        let keyLint = try await CLI.run(["lint", missingKey])
        #expect(keyLint.status == 2)
        Golden.check(keyLint, run: "key")
    }
}

/// Replaces the PKCE verifier of every token request with another one, as a client that lost
/// its verifier would send.
final class VerifierSwap: Transport {
    let base: any Transport
    let swapped = Mutex(false)

    init(base: any Transport) { self.base = base }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var request = request
        if let body = request.body, let text = String(data: body, encoding: .utf8), text.contains("code_verifier=") {
            let parts = text.split(separator: "&").map { part in
                part.hasPrefix("code_verifier=") ? "code_verifier=" + String(repeating: "A", count: 43) : String(part)
            }
            request.body = Data(parts.joined(separator: "&").utf8)
            swapped.withLock { $0 = true }
        }
        return try await base.send(request)
    }
}

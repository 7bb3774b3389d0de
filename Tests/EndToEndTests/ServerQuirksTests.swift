import Foundation
import JourneyTestSupport
import Testing

/// Verdicts against servers whose quirks we did not choose: each test runs a script through the
/// CLI against a simulator tree with `settings.quirks:` (docs/simulator.md, "Quirks").
@Suite struct ServerQuirksTests {
    /// A tree with a login, a password confirmation and a protected resource; `QUIRKS` is replaced.
    static let tree = """
        kind: simulator
        version: 1
        settings:
          realms: [root]
          quirks: QUIRKS
        users:
          - { username: demo, password: Ch4ng3it! }
        journeys:
          Login:
            start: credentials
            nodes:
              credentials:
                page:
                  stage: UsernamePassword
                  callbacks:
                    - { type: NameCallback, prompt: User Name }
                    - { type: PasswordCallback, prompt: Password }
                next: check
              check:
                credentials: {}
                outcomes: { "true": success, "false": failure }
          ConfirmPassword:
            start: password
            nodes:
              password:
                page:
                  stage: ConfirmPassword
                  callbacks:
                    - { type: PasswordCallback, prompt: Password }
                next: check
              check:
                credentials: {}
                outcomes: { "true": success, "false": failure }
        resources:
          - path: /resources/withdraw
            advice: transaction
            tree: ConfirmPassword
            delivery: policy
            body: { result: withdrawn }

        """

    static let login = """
        version: 1
        name: Quirky login
        server: { simulate: TREE }
        journey: Login
        vars:
          password: { value: PASSWORD, secret: true }
        handlers:
          NameCallback: demo
          PasswordCallback: "{{ password }}"

        """

    /// A tree with `quirks` and a script (`TREE` and `PASSWORD` replaced) beside it; the script's path.
    static func script(quirks: String, _ body: String, password: String = "Ch4ng3it!") throws -> String {
        let treePath = try TemporaryFiles.file("quirky.yaml", tree.replacingOccurrences(of: "QUIRKS", with: quirks))
        let text = body.replacingOccurrences(of: "TREE", with: treePath)
            .replacingOccurrences(of: "PASSWORD", with: password)
        return try TemporaryFiles.file("script.yaml", text)
    }

    // MARK: Item 1: an error answered HTTP 200

    @Test func aRejectedLoginAnsweredHTTP200FailsTheRun() async throws {
        let path = try Self.script(quirks: "{ errorsAsHTTP200: true }", Self.login, password: "wrong")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stdout.contains("expected outcome success, got failure 401 Unauthorized: Login failure"))
        #expect(!output.stdout.contains("success (no session)"))
    }

    @Test func aRejectedLoginAnsweredHTTP200IsTheExpectedFailure() async throws {
        let path = try Self.script(
            quirks: "{ errorsAsHTTP200: true }", Self.login + "expect: { outcome: { failure: { code: 401 } } }\n",
            password: "wrong")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("✔ passed  failure 401 Unauthorized: Login failure"))
    }

    @Test func successWithoutASessionPassesOnlyWhenTheScriptAskedForNone() async throws {
        let asked = try Self.script(
            quirks: "{}",
            Self.login.replacingOccurrences(of: "journey: Login", with: "start: { service: Login, noSession: true }"))
        let output = try await CLI.run(["run", asked])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("✔ passed  success (no session)"))
    }

    // MARK: Items 4 and 5: the session cookie

    static let withdraw =
        login + """
            request: { method: POST, url: /resources/withdraw }
            expect:
              outcome: { authorized: { status: 200, body: { result: withdrawn } } }

            """

    @Test func theResourceCallSendsTheCookieTheServerSet() async throws {
        let path = try Self.script(quirks: "{ cookieHoldsHandle: true }", Self.withdraw)
        let output = try await CLI.run(["run", path, "--format", "json"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(!output.stdout.contains("handle-"), "the session handle reached the report")
    }

    @Test func withoutSetCookieAndServerInfoTheDefaultCookieNameIsUsed() async throws {
        let path = try Self.script(quirks: "{ noSessionCookie: true, noServerInfo: true }", Self.withdraw)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(!output.stdout.contains("set server.cookieName"))
        #expect(output.stdout.contains("cookieName iPlanetDirectoryPro (the default"))
    }

    @Test func theCookieNameComesFromTheSetCookieHoldingTheToken() async throws {
        let path = try Self.script(quirks: "{ sessionCookieName: session-jwt, noServerInfo: true }", Self.withdraw)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("cookieName session-jwt (the Set-Cookie holding the tokenId)"))
    }

    @Test func theScriptsCookieNameComesFirst() async throws {
        let path = try Self.script(
            quirks: "{ noSessionCookie: true }",
            Self.withdraw.replacingOccurrences(
                of: "server: { simulate: TREE }", with: "server: { simulate: TREE, cookieName: iPlanetDirectoryPro }"))
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("cookieName iPlanetDirectoryPro (server.cookieName)"))
    }

    // MARK: Item 6: logout

    @Test func aLogoutAnswered204IsALogout() async throws {
        let path = try Self.script(
            quirks: "{ logoutNoContent: true }", Self.login + "cleanup: { logout: true, after: invalid }\n")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("logout done"))
    }

    @Test func aLogoutOfAnEndedSessionIsANote() async throws {
        let path = try Self.script(
            quirks: "{}",
            Self.login + """
                request: { method: POST, url: /am/json/realms/root/sessions?_action=logout }
                cleanup: { logout: true, after: invalid }
                expect: { outcome: { authorized: { status: 200 } } }

                """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("logout already logged out"))
    }
}

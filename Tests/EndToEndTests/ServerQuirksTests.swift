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

    static let withdraw =
        login + """
            request: { method: POST, url: /resources/withdraw }
            expect:
              outcome: { authorized: { status: 200, body: { result: withdrawn } } }

            """

    /// A script run against a tree with some quirks: its exit status, its golden transcript
    /// (`Golden/ServerQuirksTests/verdict.<description>.out`), and text the output must not show
    /// (with why, where it says more than the text).
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var quirks: String
        var script: String
        var password = "Ch4ng3it!"
        var arguments: [String] = []
        var status: Int32 = 0
        var notShown: [(String, Comment?)] = []
    }

    static let cases: [Case] = [
        // Item 1: an error answered HTTP 200
        Case(
            testDescription: "a rejected login answered HTTP 200 fails the run", quirks: "{ errorsAsHTTP200: true }",
            script: login, password: "wrong", status: 1,
            notShown: [("success (no session)", nil)]),
        Case(
            testDescription: "a rejected login answered HTTP 200 is the expected failure",
            quirks: "{ errorsAsHTTP200: true }", script: login + "expect: { outcome: { failure: { code: 401 } } }\n",
            password: "wrong"),
        Case(
            testDescription: "success without a session passes only when the script asked for none", quirks: "{}",
            script: login.replacingOccurrences(
                of: "journey: Login", with: "start: { service: Login, noSession: true }")),
        // Items 4 and 5: the session cookie
        Case(
            testDescription: "the resource call sends the cookie the server set", quirks: "{ cookieHoldsHandle: true }",
            script: withdraw, arguments: ["--format", "json"],
            notShown: [("handle-", "the session handle reached the report")]),
        Case(
            testDescription: "without Set-Cookie and server info the default cookie name is used",
            quirks: "{ noSessionCookie: true, noServerInfo: true }", script: withdraw,
            notShown: [("set server.cookieName", nil)]),
        Case(
            testDescription: "the cookie name comes from the Set-Cookie holding the token",
            quirks: "{ sessionCookieName: session-jwt, noServerInfo: true }", script: withdraw),
        Case(
            testDescription: "the script's cookie name comes first", quirks: "{ noSessionCookie: true }",
            script: withdraw.replacingOccurrences(
                of: "server: { simulate: TREE }", with: "server: { simulate: TREE, cookieName: iPlanetDirectoryPro }")),
        // Item 6: logout
        Case(
            testDescription: "a logout answered 204 is a logout", quirks: "{ logoutNoContent: true }",
            script: login + "cleanup: { logout: true, after: invalid }\n"),
        Case(
            testDescription: "a logout of an ended session is a note", quirks: "{}",
            script: login + """
                request: { method: POST, url: /am/json/realms/root/sessions?_action=logout }
                cleanup: { logout: true, after: invalid }
                expect: { outcome: { authorized: { status: 200 } } }

                """),
    ]

    @Test(arguments: cases)
    func verdict(_ example: Case) async throws {
        let path = try Self.script(quirks: example.quirks, example.script, password: example.password)
        let output = try await CLI.run(["run", path] + example.arguments)
        #expect(output.status == example.status, "\(output.stdout)")
        Golden.check(output, run: String(example.testDescription.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        for (text, why) in example.notShown {
            #expect(!output.stdout.contains(text), why ?? "\(output.stdout)")
        }
    }
}

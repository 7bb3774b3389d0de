import Foundation
import JourneyTestSupport
import Testing

/// `default:` and `secret:` in a value source, as a user writes them (docs/format.md, "vars
/// and value sources"): the default stands in for an unset env variable, a secret is masked by
/// its variable's name, and a default with no `env` is refused before anything is sent.
@Suite struct ValueSourceDefaultTests {
    static func script(username: String) throws -> String {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path
        return try TemporaryFiles.file(
            "script.yaml",
            """
            version: 1
            name: Login
            server: { simulate: \(tree) }
            journey: Login
            vars:
              username: \(username)
            handlers:
              NameCallback: "{{ username }}"
              PasswordCallback: { env: JOURNEY_TEST_PASSWORD, default: Ch4ng3it!, secret: true }

            """)
    }

    @Test func aSecretEnvFallsBackToItsDefaultAndIsMasked() async throws {
        let path = try Self.script(username: "{ env: JOURNEY_TEST_USER, default: demo, secret: true }")
        let unset = try await CLI.run(["run", path])
        #expect(unset.status == 0, "\(unset.stdout)\(unset.stderr)")
        Golden.check(unset, run: "unset")
        #expect(!unset.stdout.contains("← demo"))

        let set = try await CLI.run(["run", path], environment: ["JOURNEY_TEST_USER": "someone-else-7"])
        #expect(set.status == 1, "the set variable wins over the default: \(set.stdout)\(set.stderr)")
        Golden.check(set, run: "set")
        #expect(!(set.stdout + set.stderr).contains("someone-else-7"))
    }

    @Test func aPlainEnvFallsBackToItsDefaultInTheClear() async throws {
        let path = try Self.script(username: "{ env: JOURNEY_TEST_USER, default: demo }")
        let output = try await CLI.run(["run", path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        Golden.check(output)
    }

    /// Such a mapping was once literal data: the object itself was sent, in the clear.
    @Test func aDefaultWithoutEnvIsRefusedAtItsLine() async throws {
        let path = try Self.script(username: "{ default: demo, secret: true }")
        let lint = try await CLI.run(["lint", path])
        #expect(lint.status == 2)
        Golden.check(lint, run: "lint")
        let run = try await CLI.run(["run", path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        Golden.check(run, run: "run")
        #expect(!run.stdout.contains("step 1"), "nothing is sent: \(run.stdout)")
    }
}

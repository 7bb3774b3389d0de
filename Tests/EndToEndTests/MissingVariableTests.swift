import Foundation
import JourneyTestSupport
import Testing

/// A variable a script needs that neither the environment, the env file nor a default gives is a
/// configuration error: exit 2 before any request, naming the closest names the run has and
/// where to set it.
@Suite struct MissingVariableTests {
    /// A login whose username comes from `{{ env.JOURNEY_TEST_USER }}` in a handler (read at step 1,
    /// after the first request) and whose password is a var read from the environment.
    static let script = """
        version: 1
        name: Login from the environment
        server: { simulate: TREE, realm: alpha }
        journey: Login
        vars:
          password: { env: JOURNEY_TEST_PASSWORD, secret: true }
        handlers:
          NameCallback: "{{ env.JOURNEY_TEST_USER }}"
          PasswordCallback: "{{ password }}"

        """

    static func scriptFile() throws -> String { try BadInputTests.script(Self.script) }

    @Test func aTypoInTheEnvFileIsNamedBeforeAnyRequest() async throws {
        let path = try Self.scriptFile()
        let envFile = try TemporaryFiles.file(".env", "JOURNEY_TEST_USR=demo\nJOURNEY_TEST_PASSWORD=Ch4ng3it!\n")
        let output = try await CLI.run(["run", path, "--env-file", envFile])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("step 1"), "\(output.stdout)")
        Golden.check(
            output)
        #expect(!output.stdout.contains("Ch4ng3it!"), "\(output.stdout)")
    }

    @Test func withoutAnEnvFileTheHintSuggestsOne() async throws {
        let path = try Self.scriptFile()
        let output = try await CLI.run(["run", path], environment: ["JOURNEY_TEST_USER": "demo"])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(
            output)
    }

    /// What the command line gives instead is never read: a --var replaces the var's env source.
    @Test func aVarGivenOnTheCommandLineNeedsNoVariable() async throws {
        let path = try Self.scriptFile()
        let output = try await CLI.run(
            ["run", path, "--var", "password=Ch4ng3it!"], environment: ["JOURNEY_TEST_USER": "demo"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test func theEnvFileGivesWhatTheScriptNeeds() async throws {
        let path = try Self.scriptFile()
        let envFile = try TemporaryFiles.file(
            ".env",
            "# the test tenant\nexport JOURNEY_TEST_USER=demo # the demo user\nJOURNEY_TEST_PASSWORD='Ch4ng3it!'\n")
        let output = try await CLI.run(["run", path, "--env-file", envFile])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test func anEnvFileLineThatIsNotDotenvStopsTheCommandAtItsLine() async throws {
        let path = try Self.scriptFile()
        let envFile = try TemporaryFiles.file(".env", "JOURNEY_TEST_USER=demo\nJOURNEY_TEST_PASSWORD \"Ch4ng3it!\"\n")
        let output = try await CLI.run(["run", path, "--env-file", envFile])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        #expect(!(output.stdout + output.stderr).contains("Ch4ng3it!"))
    }
}

import Foundation
import JourneyCore
import JourneyRun
import JourneySuite
import JourneyTestSupport
import Testing

/// The environment variables a script needs are found when it loads, each with what could
/// replace it on the command line, and checked against the run's configuration before it starts.
@Suite struct EnvironmentCheckTests {
    static let script = """
        version: 1
        name: needs
        server: { url: "{{ env.AM_URL }}", realm: "{{ env.AM_REALM }}" }
        journey: Login
        vars:
          password: { env: AM_PASSWORD, secret: true }
          greeting: { env: AM_GREETING, default: hello }
        handlers:
          NameCallback: "{{ env.AM_USER }}"
          PasswordCallback: "{{ password }}"

        """

    static func missing(_ configuration: RunConfiguration) throws -> [String] {
        let file = try TemporaryFiles.file("needs.yaml", Self.script)
        let script = try #require(ScriptPreparation.prepare(file: file)?.script)
        return EnvironmentCheck.diagnostics(for: script, configuration: configuration).map(\.message)
    }

    static func names(_ messages: [String]) -> [String] {
        messages.map { String($0.split(separator: " ")[2]) }
    }

    @Test func everyReadWithoutDefaultIsNeeded() throws {
        let none = RunConfiguration(environment: [:])
        #expect(try Self.names(Self.missing(none)) == ["AM_URL", "AM_REALM", "AM_PASSWORD", "AM_USER"])
        let all = RunConfiguration(
            environment: ["AM_URL": "u", "AM_REALM": "r", "AM_PASSWORD": "p", "AM_USER": "demo"])
        #expect(try Self.missing(all).isEmpty)
    }

    @Test func whatTheCommandLineReplacesIsNotNeeded() throws {
        var configuration = RunConfiguration(
            serverURL: "http://127.0.0.1:1/am", realm: "alpha", variables: ["password": "x"], environment: [:])
        #expect(try Self.names(Self.missing(configuration)) == ["AM_USER"])
        configuration.environment["AM_USER"] = "demo"
        #expect(try Self.missing(configuration).isEmpty)
    }

    @Test func aReplayReadsASecretsPlaceholder() throws {
        var configuration = RunConfiguration(serverURL: "http://127.0.0.1:1/am", realm: "alpha", environment: [:])
        configuration.offline = true
        #expect(try Self.names(Self.missing(configuration)) == ["AM_USER"])
    }

    @Test func theHintNamesTheClosestNamesAndTheEnvFile() {
        var configuration = RunConfiguration(environment: ["JUSR": "demo", "JUSER_ID": "7", "PATH": "/bin"])
        #expect(
            EnvironmentCheck.hint(for: "JUSER", configuration: configuration)
                == "did you mean 'JUSR'? set JUSER in the environment, or give a file of KEY=VALUE lines with --env-file"
        )
        configuration.envFile = ".env"
        #expect(
            EnvironmentCheck.hint(for: "JUSER", configuration: configuration)
                == "did you mean 'JUSR'? set JUSER in the environment or in .env")
        #expect(EnvironmentCheck.closestNames(to: "user", among: ["USER", "USR", "HOME"]) == ["USER", "USR"])
    }
}

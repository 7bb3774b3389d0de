import ArgumentParser
import Foundation
import JourneyKit

/// What scripts run against and with: server, realm or simulator, variables and an env file.
/// Shared by `run`, `load` and `diff`.
struct TargetOptions: ParsableArguments {
    @Option(name: .customLong("var"), help: "Set a variable: name=value (repeatable).")
    var variables: [String] = []

    @Option(name: .customLong("env-file"), help: "Read KEY=VALUE lines into the environment scripts see.")
    var envFile: String?

    @Option(help: "The AM base URL (e.g. https://tenant.example.com/am); overrides each script's server.")
    var server: String?

    @Option(help: "The realm (alpha, /alpha, customers/europe); overrides each script's realm.")
    var realm: String?

    @Option(help: "Run every script against an in-process simulator serving this tree file.")
    var simulate: String?

    @Option(
        help:
            "Challenger's base URL for protocol: rakuten scripts; overrides each script's rakuten.challenger and the host rule."
    )
    var challenger: String?

    @Flag(
        help: "Let scripts run the programs named by their command: value sources (off: such a script stops, exit 2).")
    var allowCommands = false

    @Option(help: ArgumentHelp(SDKOption.help, valueName: "name"))
    var sdk: String?

    /// The run configuration these options give: the process environment with the env file over
    /// it, the server and realm overrides, and the `--var` assignments.
    func configuration() throws -> RunConfiguration {
        let environment = try Self.environment(envFile: envFile)
        var configuration = RunConfiguration(
            serverURL: server, realm: realm, variables: try EnvFile.parseAssignments(variables),
            environment: environment)
        configuration.allowCommands = allowCommands
        configuration.envFile = envFile
        configuration.challengerURL = challenger
        configuration.sdk = try SDKOption.profile(sdk)
        return configuration
    }

    /// The process environment with the env file's assignments over it.
    static func environment(envFile: String?) throws(EnvFile.Problem) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let envFile { environment.merge(try EnvFile.read(envFile)) { _, fromFile in fromFile } }
        return environment
    }
}

import ArgumentParser
import Foundation
import JourneyKit
import JourneyMCP

struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the Model Context Protocol on stdio, for AI assistants (docs/assistants.md).",
        discussion: """
            Tools: lint, run, list_scripts, describe_callback, import. Resources: the format, the \
            schemas and the example scripts. Every path a tool is given must resolve inside --root \
            (default: the current folder). Scripts see this process's environment plus --env-file; no \
            tool returns an environment value. command: value sources run only with --allow-commands.
            """)

    @Option(help: "The folder tools may read (default: the current folder); anything outside is refused.")
    var root: String?

    @Option(name: .customLong("env-file"), help: "Read KEY=VALUE lines into the environment scripts see.")
    var envFile: String?

    @Flag(help: "Let scripts run the programs named by their command: value sources.")
    var allowCommands = false

    @Option(help: "The AM base URL every run uses unless a call names one.")
    var server: String?

    @Option(help: "The realm every run uses unless a call names one.")
    var realm: String?

    func run() async throws {
        var fromFile: [String: String] = [:]
        if let envFile { fromFile = try await CommandExit.reporting { try EnvFile.read(envFile) } }
        var configuration = RunConfiguration(
            serverURL: server, realm: realm,
            environment: ProcessInfo.processInfo.environment.merging(fromFile) { _, fromFile in fromFile })
        configuration.allowCommands = allowCommands
        var options = AssistantServerOptions(
            root: root ?? FileManager.default.currentDirectoryPath, configuration: configuration,
            makeLauncher: { EmbeddedSimulators() })
        options.envFile = fromFile
        // The protocol gets its own copy of stdout; whatever else writes to stdout (a library's
        // print) lands on stderr, so nothing but the protocol ever reaches the client.
        let protocolOutput = dup(STDOUT_FILENO)
        guard protocolOutput >= 0, fcntl(protocolOutput, F_SETFD, FD_CLOEXEC) == 0,
            dup2(STDERR_FILENO, STDOUT_FILENO) >= 0
        else { throw CommandExit.error("cannot set up standard output for the protocol") }
        StandardError.write("journey mcp: serving \(options.root) on stdio")
        do {
            try await JourneyAssistantServer.serve(options, input: STDIN_FILENO, output: protocolOutput)
        } catch {
            throw CommandExit.error("mcp: \(error)")
        }
    }
}

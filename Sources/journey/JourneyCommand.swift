import ArgumentParser
import JourneyKit

struct JourneyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journey",
        abstract: "Run declarative PingAM authentication journeys.",
        discussion: """
            Exit codes: 0 passed, 1 an expectation failed, \
            2 a script is invalid or cannot start (a missing variable, no script found), \
            3 transport or protocol error, \
            4 a replay did not match its recording, 64 a usage error (an unknown option, a value out of its range; nothing runs).
            """,
        // BuildCommit is generated at build time by EmbedCommitPlugin.
        version: "journey \(JourneyVersion.number) (commit \(BuildCommit.short))",
        subcommands: [
            RunCommand.self, LintCommand.self, SchemaCommand.self, SimulateCommand.self, BenchCommand.self,
            LoadCommand.self, ImportCommand.self, CaptureCommand.self, NewCommand.self, ServeCommand.self,
            DiffCommand.self,
            ReportCommand.self, InitCommand.self, CompletionsCommand.self, ManCommand.self, MCPCommand.self,
        ]
    )
}

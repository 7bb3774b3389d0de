import ArgumentParser
import Foundation
import JourneyKit

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a script by walking a journey in the terminal.",
        discussion: """
            Shows each step and asks for each answer (secrets without echo), then writes the \
            script (never over a file without --force), its recording beside it (.har) and \
            the secrets' variables in .env.example. Ctrl-C writes nothing (exit 130).
            When standard input is not a terminal, each answer is one line of it; input that \
            ends before the journey does writes nothing (exit 2).
              journey new --server https://am.example.com/am --realm alpha --journey Login
              journey new --simulate journeys/trees/am.yaml --realm alpha --journey Login
            """)

    @Option(help: "The AM base URL (e.g. https://tenant.example.com/am).")
    var server: String?

    @Option(help: "Walk an in-process simulator serving this tree file instead.")
    var simulate: String?

    @Option(help: "The realm (alpha, /alpha, customers/europe); the root realm when absent.")
    var realm: String?

    @Option(help: "The journey (tree) to walk.")
    var journey: String

    @Option(
        name: [.customShort("o"), .customLong("out")],
        help: "The script to write (default: the journey's name in kebab case, .yaml).")
    var output: String?

    @Flag(help: "Write over the script and recording if they exist.")
    var force = false

    @Option(name: .customLong("header"), help: "Send a header with every request: 'Name: value' (repeatable).")
    var headers: [String] = []

    @Flag(help: "Do not verify TLS certificates (the script says verifyTLS: false).")
    var insecure = false

    @Option(help: "Request timeout in seconds.")
    var timeout: Double?

    @Flag(help: "No ANSI colours, even on a terminal (as NO_COLOR does).")
    var noColor = false

    func validate() throws {
        if (server == nil) == (simulate == nil) { throw ValidationError("give --server URL or --simulate TREE") }
        if let timeout, !NumberRanges.isTimeout(timeout) {
            throw ValidationError(NumberRanges.timeoutOutOfRange("--timeout", found: String(timeout)))
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header '\(header)' is not 'Name: value'")
        }
    }

    func run() async throws {
        let noColorVariable = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let terminal = WalkTerminal(useColor: !noColor && !noColorVariable && isatty(STDOUT_FILENO) != 0)
        let interrupts = terminal.handleInterrupts()
        defer { withExtendedLifetime(interrupts) {} }
        var options = WalkOptions(journey: journey)
        options.server = server
        options.simulate = simulate
        options.realm = realm
        options.output = output
        options.force = force
        options.verifyTLS = !insecure
        options.timeoutSeconds = timeout
        options.headers = headers.map { header in
            let parts = header.split(separator: ":", maxSplits: 1)
            return (
                String(parts[0]).trimmingCharacters(in: .whitespaces),
                parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
            )
        }
        let simulators = EmbeddedSimulators()
        options.launcher = simulators
        let summary: WalkSummary
        do {
            summary = try await JourneyWalk.run(options, terminal: terminal)
        } catch {
            await simulators.stopAll()
            throw CommandExit.error(error.description, code: error.exitCode)
        }
        await simulators.stopAll()
        terminal.show(JourneyWalk.closing(summary))
    }
}

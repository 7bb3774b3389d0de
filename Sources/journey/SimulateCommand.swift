import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Serve simulator trees as a PingAM-compatible server (loopback by default).")

    @Argument(help: "Tree files (kind: simulator).")
    var trees: [String]

    @OptionGroup var listen: ListenOptions

    @Option(help: "Pending journeys kept at most (oldest dropped first); replaces settings.maxPendingJourneys.")
    var maxPendingJourneys: Int?

    func validate() throws {
        if let maxPendingJourneys, maxPendingJourneys < 1 {
            throw ValidationError("--max-pending-journeys must be at least 1")
        }
    }

    func run() async throws {
        let tree = try await CommandExit.reporting { () throws(CommandFailure) -> SimulatorTree in
            do throws(DiagnosticList) {
                return try SimulatorLoader.load(paths: trees)
            } catch {
                throw CommandFailure(rendered: DiagnosticText.render(error.diagnostics))
            }
        }
        var options = listen.serverOptions
        options.maxPendingJourneys = maxPendingJourneys
        try await Simulator.run(tree, options: options)
    }
}

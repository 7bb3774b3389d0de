import ArgumentParser
import Foundation
import JourneyCore
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
        let definition: SimulatorDefinition
        do {
            definition = try SimulatorLoader.load(paths: trees)
        } catch {
            for diagnostic in error.diagnostics {
                let text = diagnostic.location.flatMap { try? String(contentsOfFile: $0.file, encoding: .utf8) }
                StandardError.write(diagnostic.rendered(source: text))
            }
            throw ExitCode(2)
        }
        var options = listen.serverOptions
        options.maxPendingJourneys = maxPendingJourneys
        try await Simulator.run(definition, options: options)
    }
}

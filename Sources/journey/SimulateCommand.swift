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

    func run() async throws {
        let definition: SimulatorDefinition
        do {
            definition = try SimulatorLoader.load(paths: trees)
        } catch {
            for diagnostic in error.diagnostics {
                let text = diagnostic.location.flatMap { try? String(contentsOfFile: $0.file, encoding: .utf8) }
                FileHandle.standardError.write(Data((diagnostic.rendered(source: text) + "\n").utf8))
            }
            throw ExitCode(2)
        }
        var options = SimulatorOptions()
        options.host = listen.bind
        options.port = listen.port
        options.logRequests = !listen.quiet
        try await Simulator.run(definition, options: options)
    }
}

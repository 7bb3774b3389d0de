import ArgumentParser
import Foundation
import JourneyKit

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of journey scripts (or of simulator trees).")

    @Flag(help: "Print the simulator tree schema instead.")
    var simulator = false

    func run() throws {
        print(simulator ? EmbeddedSchemas.simulator : EmbeddedSchemas.journey)
    }
}

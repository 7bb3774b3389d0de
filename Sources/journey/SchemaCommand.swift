import ArgumentParser
import Foundation
import JourneyKit

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of journey scripts (or of simulator trees).")

    @Flag(help: "Print the simulator tree schema instead.")
    var simulator = false

    /// Prints schemas/*.json byte for byte: `EmbeddedSchemas` is generated from them at build time
    /// by the EmbedSchemasPlugin, so the binary needs no file beside it.
    func run() throws {
        print(simulator ? EmbeddedSchemas.simulator : EmbeddedSchemas.journey, terminator: "")
    }
}

import Foundation
import JourneyFormat
import JourneyTestSupport
import Testing

/// The `$schema` line of a script journey writes names the nearest journey.schema.json, relative
/// to where the script goes, or is left out.
@Suite struct SchemaReferenceTests {
    static func make(_ paths: [String], in root: URL) throws {
        for path in paths {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
    }

    @Test func aSchemaBesideTheScriptsOrInASchemasFolderAboveIsNamedRelatively() throws {
        let root = try TemporaryFiles.directory("schema-reference")
        defer { try? FileManager.default.removeItem(at: root) }
        // journey init's layout, and a checkout's (schemas/ at the top, scripts in journeys/).
        try Self.make(["project/journeys/journey.schema.json", "checkout/schemas/journey.schema.json"], in: root)
        let folders = ["project/journeys", "project/journeys/bug-1234", "checkout/journeys", "checkout/bug/a/b"]
        for folder in folders {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func path(_ folder: String) -> String? {
            SchemaReference.path(fromScriptsIn: root.appendingPathComponent(folder).path)
        }
        #expect(path("project/journeys") == "journey.schema.json")
        #expect(path("project/journeys/bug-1234") == "../journey.schema.json")
        #expect(path("checkout/journeys") == "../schemas/journey.schema.json")
        #expect(path("checkout/bug/a/b") == "../../../schemas/journey.schema.json")
        #expect(path("checkout") == "schemas/journey.schema.json")
    }

    @Test func withNoSchemaAboveThereIsNoLine() throws {
        let root = try TemporaryFiles.directory("schema-reference")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = "# Imported by `journey import` from login.har.\nversion: 1\n"
        // The temporary folder's ancestors hold no journey.schema.json (nor a schemas/ with one).
        #expect(SchemaReference.path(fromScriptsIn: root.path) == nil)
        #expect(SchemaReference.adding(to: script, writtenIn: root.path) == script)
        try Self.make(["schemas/journey.schema.json"], in: root)
        #expect(
            SchemaReference.adding(to: script, writtenIn: root.appendingPathComponent("journeys").path)
                == "# yaml-language-server: $schema=../schemas/journey.schema.json\n" + script)
    }
}

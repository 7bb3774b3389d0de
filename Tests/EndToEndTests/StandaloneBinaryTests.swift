import Foundation
import Testing

/// The `journey` binary works copied alone: what it prints of the format is compiled in, not
/// read from files beside it (the schemas are embedded at build time by EmbedSchemasPlugin).
@Suite struct StandaloneBinaryTests {
    @Test(arguments: [
        ([String](), "journey.schema.json"),
        (["--simulator"], "simulator.schema.json"),
    ])
    func aCopiedBinaryPrintsTheSchemasByteForByte(flags: [String], file: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("journey")
        try FileManager.default.copyItem(at: CLI.executable, to: copy)

        let process = Process()
        process.executableURL = copy
        process.arguments = ["schema"] + flags
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        let expected = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/\(file)"))
        #expect(printed == expected, "journey schema \(flags.joined(separator: " ")) differs from schemas/\(file)")
    }
}

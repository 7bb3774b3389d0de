import Foundation
import Testing

/// The `journey` binary works copied alone: what it prints of the format is compiled in, not
/// read from files beside it (the schemas are embedded at build time by EmbedSchemasPlugin, the
/// HTML report's templates by EmbedTemplatesPlugin).
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
        try Self.placeAlone(CLI.executable, at: copy)

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

    /// The HTML report's page, style and script are in the binary: a copy alone writes the page.
    @Test func aCopiedBinaryWritesTheHTMLReport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("journey")
        try Self.placeAlone(CLI.executable, at: copy)
        let report = directory.appendingPathComponent("run.json")
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Fuzz/corpus/report/run.json"), to: report)

        let process = Process()
        process.executableURL = copy
        process.arguments = ["report", "merge", "run.json", "--out", "merged.json", "--html", "report.html"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()

        #expect(process.terminationStatus == 1, "the run holds a failed script")
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        for text in ["<!DOCTYPE html>", "details.script {", "button.filter", "Expects a failure and logs in"] {
            #expect(html.contains(text), "missing: \(text)")
        }
    }

    /// Puts the binary at `destination` without a write handle another test's child process
    /// could inherit: a parallel test that forks while a plain copy is open keeps the handle,
    /// and running the copy then fails with "Text file busy". A hard link writes nothing; across
    /// file systems the copy is written through a close-on-exec descriptor.
    static func placeAlone(_ binary: URL, at destination: URL) throws {
        if (try? FileManager.default.linkItem(at: binary, to: destination)) != nil { return }
        let bytes = try Data(contentsOf: binary)
        let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// The `journey` binary works copied alone: what it prints of the format is compiled in, not
/// read from files beside it (the schemas are embedded at build time by EmbedSchemasPlugin, the
/// HTML report's templates by EmbedTemplatesPlugin).
@Suite struct StandaloneBinaryTests {
    @Test(arguments: [
        ([String](), "journey.schema.json"),
        (["--simulator"], "simulator.schema.json"),
    ])
    func aCopiedBinaryPrintsTheSchemasByteForByte(flags: [String], file: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("journey")
        try await Self.placeAlone(CLI.executable, at: copy)

        let output = try await CLI.run(["schema"] + flags, in: directory, program: copy)

        #expect(output.status == 0)
        let expected = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/\(file)"))
        #expect(
            Data(output.stdout.utf8) == expected,
            "journey schema \(flags.joined(separator: " ")) differs from schemas/\(file)")
    }

    /// The HTML report's page, style and script are in the binary: a copy alone writes the page.
    @Test func aCopiedBinaryWritesTheHTMLReport() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("journey")
        try await Self.placeAlone(CLI.executable, at: copy)
        let report = directory.appendingPathComponent("run.json")
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Fuzz/corpus/report/run.json"), to: report)

        let output = try await CLI.run(
            ["report", "merge", "run.json", "--out", "merged.json", "--html", "report.html"], in: directory,
            program: copy)

        #expect(output.status == 1, "the run holds a failed script")
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        for text in ["<!DOCTYPE html>", "details.script {", "button.filter", "Expects a failure and logs in"] {
            #expect(html.contains(text), "missing: \(text)")
        }
    }

    /// Puts the binary at `destination` with no write handle to it left in this process, which
    /// runs other tests' programs in parallel. A handle open here while another thread starts a
    /// program is copied into that child, and lives there until the child's exec closes it
    /// (close-on-exec) or later: running the copy in that window fails with "Text file busy"
    /// (ETXTBSY), a window strace and a loaded machine widen. A hard link writes nothing; across
    /// file systems and mounts (EXDEV) `cp` writes the copy in a process of its own, which
    /// no thread here can fork, and which has ended, its handle closed, before the copy is run.
    static func placeAlone(_ binary: URL, at destination: URL) async throws {
        if (try? FileManager.default.linkItem(at: binary, to: destination)) != nil { return }
        let copied = try await ChildProcess.run("/bin/cp", [binary.path, destination.path])
        guard copied.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: copied.output])
        }
    }
}

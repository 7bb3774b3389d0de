import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

/// A file journey writes over is written whole or not at all (issue 36): through a temporary
/// file renamed over the old one, a symbolic link kept, the old file's permissions kept.
@Suite struct AtomicFileTests {
    struct Stop: Error {}

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = lstat(path, &info)
        return info.st_mode & 0o7777
    }

    /// The names in `folder` other than `kept`: a temporary file left behind shows here.
    static func others(in folder: URL, than kept: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !kept.contains($0) }
    }

    @Test func aNewFileIsWrittenWhole() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let path = folder.appendingPathComponent("report.html").path
        try AtomicFile.write("<html>new</html>\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<html>new</html>\n")
        #expect(try Self.others(in: folder, than: ["report.html"]).isEmpty)
    }

    @Test func aWriterThatFailsMidwayLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let path = folder.appendingPathComponent("report.json").path
        try AtomicFile.write("old\n", to: path)
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.stream(to: path) { sink in
                try sink.write(String(repeating: "x", count: 200_000))
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try Self.others(in: folder, than: ["report.json"]).isEmpty)
    }

    @Test func aFilePastItsLimitIsNotWritten() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let path = folder.appendingPathComponent("guide.md").path
        try AtomicFile.write("old\n", to: path)
        do {
            try AtomicFile.write(String(repeating: "y", count: 1025), to: path, limit: 1024)
            Issue.record("a file past its limit was written")
        } catch {
            #expect(error.message.contains("more than 1024 bytes"), "\(error.message)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try Self.others(in: folder, than: ["guide.md"]).isEmpty)
    }

    @Test func aSymbolicLinkKeepsPointingWhereItPointed() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let real = folder.appendingPathComponent("real")
        let links = folder.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        try AtomicFile.write("old\n", to: real.appendingPathComponent("report.xml").path)
        let link = links.appendingPathComponent("report.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/report.xml")
        try AtomicFile.write("new\n", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/report.xml")
        #expect(try String(contentsOfFile: real.appendingPathComponent("report.xml").path, encoding: .utf8) == "new\n")
        #expect(try Self.others(in: real, than: ["report.xml"]).isEmpty)
        #expect(try Self.others(in: links, than: ["report.xml"]).isEmpty)
    }

    @Test func aLinkToAFileNotYetThereMakesThatFile() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let link = folder.appendingPathComponent("latest.har").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "run-1.har")
        try AtomicFile.write("{}\n", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "run-1.har")
        #expect(try String(contentsOfFile: folder.appendingPathComponent("run-1.har").path, encoding: .utf8) == "{}\n")
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let path = folder.appendingPathComponent("report.md").path
        try AtomicFile.write("old\n", to: path)
        #expect(chmod(path, 0o640) == 0)
        try AtomicFile.write("new\n", to: path)
        #expect(Self.mode(path) == 0o640)
        let secrets = folder.appendingPathComponent("device.json").path
        try AtomicFile.write("{}\n", to: secrets, access: .owner)
        #expect(chmod(secrets, 0o400) == 0)
        try AtomicFile.write("{}\n", to: secrets, access: .owner)
        #expect(Self.mode(secrets) == 0o400)
    }

    @Test func aNewFileGetsTheUmasksPermissionsAndASecretsFileTheOwnersOnly() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let reference = folder.appendingPathComponent("reference").path
        let descriptor = open(reference, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        #expect(descriptor >= 0)
        close(descriptor)
        let path = folder.appendingPathComponent("report.html").path
        try AtomicFile.write("new\n", to: path)
        #expect(Self.mode(path) == Self.mode(reference))
        let secrets = folder.appendingPathComponent("device.json").path
        try AtomicFile.write("{}\n", to: secrets, access: .owner)
        #expect(Self.mode(secrets) == 0o600)
    }

    @Test func aFolderIsNotWrittenOver() throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        do {
            try AtomicFile.write("x", to: folder.path)
            Issue.record("a folder was written over")
        } catch {
            #expect(error.reason == "it is a folder")
        }
    }

    /// Every file journey writes goes through `AtomicFile`: these calls write a file in place.
    static let directWrites = [
        ".write(to:", "write(toFile:", "createFile(", "FileHandle(forWritingAtPath", "FileHandle(forWritingTo",
        "FileHandle(forUpdating", "O_CREAT", "O_TRUNC", "fopen(", "OutputStream(",
    ]

    /// Files allowed to write another way, and why.
    static let allowed: Set<String> = [
        // The one writer.
        "JourneyCore/Files/AtomicFile.swift",
        // Build tools writing generated sources into the build folder, atomically.
        "EmbedCommitTool/EmbedCommitTool.swift",
        "EmbedSchemasTool/EmbedSchemasTool.swift",
        // A child process's output, into a temporary file of its own.
        "JourneyBench/SignalSafeSpawn.swift",
    ]

    @Test func noSourceWritesAFileAroundAtomicFile() throws {
        var found: [String] = []
        for file in Repository.swiftFiles(under: "Sources") where !Self.allowed.contains(file) {
            let text = try String(contentsOfFile: Repository.path("Sources/" + file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for call in Self.directWrites where line.contains(call) {
                    found.append("Sources/\(file):\(number + 1): \(call)")
                }
            }
        }
        #expect(
            found.isEmpty,
            "write files through AtomicFile (Sources/JourneyCore/Files/AtomicFile.swift):\n\(found.joined(separator: "\n"))"
        )
    }
}

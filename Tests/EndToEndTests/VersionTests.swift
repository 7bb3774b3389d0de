import Foundation
import JourneyKit
import Testing

/// `journey --version` names the version number and the commit the binary was built from
/// (embedded at build time by EmbedCommitPlugin).
@Suite struct VersionTests {
    @Test func versionNamesTheNumberAndTheCommitOfHEAD() async throws {
        let output = try await CLI.run(["--version"])
        #expect(output.status == 0)
        let printed = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.hasPrefix("journey \(JourneyVersion.number) (commit "), "printed: \(printed)")
        guard let head = Self.gitShortHead() else { return }  // not a git checkout, or no git
        #expect(printed == "journey \(JourneyVersion.number) (commit \(head.prefix(7)))")
    }

    /// `git rev-parse --short HEAD` in the package root, or nil when git cannot say.
    static func gitShortHead() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        process.currentDirectoryURL = CLI.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

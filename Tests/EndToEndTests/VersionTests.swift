import Foundation
import JourneyKit
import JourneyTestSupport
import Testing

/// `journey --version` names the version number and the commit the binary was built from
/// (embedded at build time by EmbedCommitPlugin).
@Suite struct VersionTests {
    @Test func versionNamesTheNumberAndTheCommitOfHEAD() async throws {
        let output = try await CLI.run(["--version"])
        #expect(output.status == 0)
        let printed = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.hasPrefix("journey \(JourneyVersion.number) (commit "), "printed: \(printed)")
        guard let head = await Self.gitShortHead() else { return }  // not a git checkout, or no git
        #expect(printed == "journey \(JourneyVersion.number) (commit \(head.prefix(7)))")
    }

    /// `git rev-parse --short HEAD` in the package root, or nil when git cannot say.
    static func gitShortHead() async -> String? {
        guard
            let git = try? await ChildProcess.outputs(
                "/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"], in: CLI.packageRoot),
            git.status == 0
        else { return nil }
        let text = git.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

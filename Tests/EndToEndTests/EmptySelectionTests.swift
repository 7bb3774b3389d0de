import Foundation
import JourneyTestSupport
import Testing

/// Nothing selected is not green: `run`, `lint` and `load` that find no script exit 2 and say
/// why; `--allow-empty` (a generated CI matrix) lets `run` and `lint` pass with nothing to do.
@Suite struct EmptySelectionTests {
    static let login = "journeys/login.yaml"

    @Test func runningAnEmptyFolderIsAConfigurationError() async throws {
        let folder = try TemporaryFiles.directory("journey-empty").path
        let output = try await CLI.run(["run", folder])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)

        let allowed = try await CLI.run(["run", folder, "--allow-empty"])
        #expect(allowed.status == 0, "\(allowed.stdout)\n\(allowed.stderr)")
        Golden.check(allowed, run: "allowed")
    }

    @Test func aTagNoScriptCarriesSelectsNothing() async throws {
        let output = try await CLI.run(["run", Self.login, "--tag", "no-such-tag"])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// A matrix of more shards than scripts: the shards left without a script fail, unless the
    /// matrix says it expects them (`--allow-empty`), and then each still writes its report.
    @Test func aShardWithoutAScriptFailsUnlessAllowed() async throws {
        let folder = try TemporaryFiles.directory("journey-empty-shard")
        let report = folder.appendingPathComponent("shard-2.json").path
        let empty = try await CLI.run(["run", Self.login, "--shard", "2/2"])
        #expect(empty.status == 2, "\(empty.stdout)\n\(empty.stderr)")
        Golden.check(empty, run: "empty")

        let allowed = try await CLI.run(
            ["run", Self.login, "--shard", "2/2", "--allow-empty", "--report", "json=\(report)"])
        #expect(allowed.status == 0, "\(allowed.stdout)\n\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: report))
    }

    @Test func aGuideWithoutJourneyBlocksSelectsNothing() async throws {
        let guide = try TemporaryFiles.file("notes.md", "# Notes\n\n```yaml\nnot: a journey\n```\n")
        let run = try await CLI.run(["run", guide])
        #expect(run.status == 2, "\(run.stdout)\n\(run.stderr)")
        let lint = try await CLI.run(["lint", guide])
        #expect(lint.status == 2, "\(lint.stdout)\n\(lint.stderr)")
        Golden.check(lint, run: "lint")
        #expect(try await CLI.run(["lint", guide, "--allow-empty"]).status == 0)
    }

    @Test func lintingAnEmptyFolderIsAConfigurationError() async throws {
        let folder = try TemporaryFiles.directory("journey-empty-lint").path
        let output = try await CLI.run(["lint", folder])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        #expect(try await CLI.run(["lint", folder, "--allow-empty"]).status == 0)
    }

    @Test func loadingAnEmptyFolderStopsBeforeAnyLoad() async throws {
        let folder = try TemporaryFiles.directory("journey-empty-load").path
        let output = try await CLI.run(["load", folder, "--users", "1", "--duration", "1s"])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }
}

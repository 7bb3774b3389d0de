import Foundation
import JourneyTestSupport
import Testing

@testable import JourneySuite

/// What a folder given to `run`, `lint`, `load` or `--watch` holds as scripts.
@Suite struct ScriptFinderTests {
    /// `journey run .` in a checkout must not take a CI workflow (`.github/`), a build folder's
    /// package files (`.build/`) or an editor's lock file (`.#login.yaml`) for scripts, nor walk
    /// those folders at every poll of a watch.
    @Test func hiddenFilesAndFoldersAreNotSearched() throws {
        let folder = try TemporaryFiles.directory()
        let manager = FileManager.default
        for directory in ["suite/nested", ".github/workflows", ".build/checkouts/pkg", "suite/.cache"] {
            try manager.createDirectory(
                at: folder.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        for file in [
            "suite/login.yaml", "suite/nested/otp.yml", ".github/workflows/ci.yml",
            ".build/checkouts/pkg/config.yaml", "suite/.cache/old.yaml", "suite/.#login.yaml", "notes.txt",
        ] {
            try "version: 1\n".write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let found = try ScriptFinder.yamlFiles(in: [folder.path]).map { String($0.dropFirst(folder.path.count + 1)) }
        #expect(found == ["suite/login.yaml", "suite/nested/otp.yml"])
        // A hidden file named on its own is still what was asked for.
        let named = folder.appendingPathComponent("suite/.#login.yaml").path
        #expect(try ScriptFinder.yamlFiles(in: [named]) == [named])
    }
}

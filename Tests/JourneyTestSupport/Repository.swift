import Foundation

/// The repository the tests run from: its root and the folders the test targets read
/// (example journeys and trees, `Tests/Fixtures`). Shared so no test target counts `..` itself.
public enum Repository {
    /// The package root (this file is at Tests/JourneyTestSupport/Repository.swift).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures` (see its INDEX.md).
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// The absolute path of `relative` (e.g. `journeys/login.yaml`) in the repository.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The Swift files under the folder `relative` (as `Sources/JourneyRun`), as paths relative
    /// to that folder, sorted.
    public static func swiftFiles(under relative: String) -> [String] {
        let folder = root.appendingPathComponent(relative).path
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted()
    }
}

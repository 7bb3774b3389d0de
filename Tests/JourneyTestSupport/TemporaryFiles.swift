import Foundation

/// Fresh folders and files under the system's temporary directory, one new folder per call,
/// so tests running in parallel never share a file.
public enum TemporaryFiles {
    /// A new empty folder named `<prefix>-<UUID>`.
    public static func directory(_ prefix: String = "journey-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file called `name` in a new folder and returns its path.
    public static func file(_ name: String, _ text: String, prefix: String = "journey-test") throws -> String {
        let url = try directory(prefix).appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

import Foundation

/// A file a command writes (a report, an imported script), its folder made first.
public enum OutputFile {
    /// Writes `text` to `path`; a file that cannot be written stops the command with `exitCode`.
    public static func write(_ text: String, to path: String, exitCode: Int32 = 2) throws(CommandFailure) {
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", exitCode: exitCode)
        }
    }
}

import Foundation

/// A file a command writes (a report, an imported script), its folder made first.
package enum OutputFile {
    /// Writes `text` to `path`; a file that cannot be written stops the command with `exitCode`.
    package static func write(_ text: String, to path: String, exitCode: Int32 = 2) throws(CommandFailure) {
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

    /// Writes the pieces `produce` hands its sink to `path` as they come, with what `write` makes
    /// and says: for a document too large to hold whole (a report of large bodies).
    package static func stream(
        to path: String, exitCode: Int32 = 2, _ produce: ((String) throws -> Void) throws -> Void
    ) throws(CommandFailure) {
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CommandFailure("cannot write \(path): it cannot be created", exitCode: exitCode)
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try produce { piece in try handle.write(contentsOf: Data(piece.utf8)) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", exitCode: exitCode)
        }
    }

    /// Why a file could not be written at `path`, checked before a run so that it stops before
    /// its first request instead of after the work: `path` is a folder, or its folder (with
    /// `createsFolders`, the nearest one that exists, as ``write(_:to:exitCode:)`` makes the
    /// others) is not a folder, is missing or is not writable. Nil when it can be written.
    package static func problem(_ path: String, createsFolders: Bool = true) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "\(path) is a folder"
        }
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder) {
            guard createsFolders else { return "the folder \(folder) does not exist" }
            let up = (existing as NSString).deletingLastPathComponent
            existing = up.isEmpty ? "." : up
        }
        guard isFolder.boolValue else { return "\(existing) is not a folder" }
        guard access(existing, W_OK | X_OK) == 0 else { return "the folder \(existing) is not writable" }
        return nil
    }

    /// Stops with exit 2 when `path`, which `flag` names, could not be written (``problem(_:createsFolders:)``).
    package static func check(_ path: String, for flag: String) throws(CommandFailure) {
        if let problem = problem(path) { throw CommandFailure("\(flag): cannot write \(path): \(problem)") }
    }
}

import Foundation

/// A file a command writes (a report, an imported script), its folder made first.
package enum OutputFile {
    /// Writes `text` to `path` whole or not at all (``AtomicFile``); a file that cannot be written
    /// stops the command with `exitCode`. With `limit`, a longer file is not written.
    package static func write(_ text: String, to path: String, exitCode: Int32 = 2, limit: Int? = nil)
        throws(CommandFailure)
    {
        try stream(to: path, exitCode: exitCode, limit: limit) { sink in try sink(text) }
    }

    /// Writes the pieces `produce` hands its sink to `path` as they come, with what `write` makes
    /// and says: for a document too large to hold whole (a report of large bodies). The file
    /// replaces the old one once `produce` has returned.
    package static func stream(
        to path: String, exitCode: Int32 = 2, limit: Int? = nil, _ produce: ((String) throws -> Void) throws -> Void
    ) throws(CommandFailure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)", exitCode: exitCode)
        }
        do {
            try AtomicFile.stream(to: path, limit: limit) { sink in try produce { piece in try sink.write(piece) } }
        } catch {
            throw CommandFailure(error.message, exitCode: exitCode)
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

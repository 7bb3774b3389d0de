import Foundation
import JourneyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder an assistant may read: every path of a tool call is resolved (symlinks included)
/// and refused unless it lies inside. Paths in results are shown relative to it.
struct RootFolder: Sendable {
    /// The root, resolved: no symlink, no trailing slash.
    let path: String

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    init(_ folder: String) throws(Refusal) {
        guard let resolved = Self.realPath(folder) else { throw Refusal(description: "no such folder: \(folder)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Refusal(description: "not a folder: \(folder)")
        }
        path = resolved
    }

    /// `relative` (to the root, or absolute) resolved: an existing file or folder inside the root.
    func resolve(_ relative: String) throws(Refusal) -> String {
        guard !relative.isEmpty else { throw Refusal(description: "an empty path") }
        guard !relative.contains(where: { "*?[".contains($0) }) else {
            throw Refusal(description: "\(relative): globs are not taken; name a file or a folder")
        }
        let joined = relative.hasPrefix("/") ? relative : path + "/" + relative
        guard let resolved = Self.realPath(joined) else {
            throw Refusal(description: "\(relative): no such file or folder under the root")
        }
        guard contains(resolved) else {
            throw Refusal(description: "\(relative): outside the root folder \(path); refused")
        }
        return resolved
    }

    /// Whether the resolved `file` is the root or lies under it.
    func contains(_ file: String) -> Bool {
        file == path || file.hasPrefix(path == "/" ? "/" : path + "/")
    }

    /// Whether `file` (found under a folder inside the root) still resolves inside it.
    func keeps(_ file: String) -> Bool {
        Self.realPath(file).map(contains) ?? false
    }

    /// `file` relative to the root when it lies under it.
    func shown(_ file: String) -> String {
        let prefix = path + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

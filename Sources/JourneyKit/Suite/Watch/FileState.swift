import Foundation
import JourneyCore

/// What `journey run --watch` compares between polls for one file: its size, modification time
/// and a digest of its bytes (so an edit within the file system's time granularity that keeps
/// the size is still seen).
public struct FileState: Sendable, Equatable {
    public var size: UInt64
    /// Seconds since 1970.
    public var modified: Double
    /// FNV-1a of the bytes; 0 for a file larger than ``FileStates/digestLimit``.
    public var digest: UInt64

    public init(size: UInt64, modified: Double, digest: UInt64 = 0) {
        self.size = size
        self.modified = modified
        self.digest = digest
    }
}

/// Reads the ``FileState`` of files.
public enum FileStates {
    /// Files up to this size are digested: scripts and trees are far smaller (``SourceFile``).
    public static let digestLimit: UInt64 = 4 << 20

    /// The state of each of `paths` that is a readable regular file; missing ones are left out.
    public static func read(_ paths: some Sequence<String>) -> [String: FileState] {
        var states: [String: FileState] = [:]
        for path in paths {
            if let state = state(of: path) { states[path] = state }
        }
        return states
    }

    static func state(of path: String) -> FileState? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        var digest: UInt64 = 0
        // Read with the limit, not by the size just seen: the file may grow in between.
        if size <= digestLimit, let data = try? SourceFile.bytes(path, limit: Int(digestLimit), what: "a watched file")
        {
            digest = fnv1a(data)
        }
        return FileState(size: size, modified: modified, digest: digest)
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

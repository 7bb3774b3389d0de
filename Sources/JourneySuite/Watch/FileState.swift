import Foundation
import JourneyCore

/// What `journey run --watch` compares between polls for one file: its size, modification time
/// and a digest of its bytes (so an edit within the file system's time granularity that keeps
/// the size is still seen).
package struct FileState: Sendable, Equatable {
    package var size: UInt64
    /// Seconds since 1970.
    package var modified: Double
    /// FNV-1a of the bytes; 0 for a file larger than ``FileStates/digestLimit``.
    package var digest: UInt64

    package init(size: UInt64, modified: Double, digest: UInt64 = 0) {
        self.size = size
        self.modified = modified
        self.digest = digest
    }
}

/// Reads the ``FileState`` of files.
package enum FileStates {
    /// Files up to this size are digested: scripts and trees are far smaller (``SourceFile``).
    package static let digestLimit: UInt64 = 4 << 20

    /// The state of each of `paths` that is a readable regular file; missing ones are left out.
    package static func read(_ paths: some Sequence<String>) -> [String: FileState] {
        var states = PollFileStates()
        return states.read(paths)
    }

    /// The state of the file at `path`, nil when it is not a readable regular file.
    package static func state(of path: String) -> FileState? {
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

/// The states of the files one poll looks at, each read (and digested) once however many
/// scripts name it: the inventory's reference cache and the poll's states share them.
package struct PollFileStates {
    private var states: [String: FileState?] = [:]
    private let reader: (String) -> FileState?
    /// How many files were read from the file system (tests count them).
    package private(set) var reads = 0

    package init(reader: @escaping (String) -> FileState? = FileStates.state(of:)) {
        self.reader = reader
    }

    /// The state of the file with `key` (an absolute standardized path), read once per poll.
    package mutating func state(ofKey key: String) -> FileState? {
        if let known = states[key] { return known }
        reads += 1
        let state = reader(key)
        states[key] = state
        return state
    }

    /// The state of each of `keys` that is a readable regular file; missing ones are left out.
    package mutating func read(_ keys: some Sequence<String>) -> [String: FileState] {
        var found: [String: FileState] = [:]
        for key in keys {
            if let state = state(ofKey: key) { found[key] = state }
        }
        return found
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The one way journey writes a file: whole or not at all. The bytes go to a temporary file in
/// the folder of the file they replace, which is then renamed over it, so a full disk, a
/// file-size limit or `kill -9` at any moment leaves the old file or the whole new one, never a
/// cut one. A symbolic link keeps pointing where it pointed (the file it points to is
/// replaced); a file replaced keeps its permissions; a new file gets the umask's, or 0600 for
/// a file of secrets. A path that names a device or a pipe (`/dev/stdout`) is written as it is:
/// there is no old file there to lose. `Tests/JourneyCoreTests/AtomicFileTests.swift` fails
/// when code in `Sources` writes a file another way.
package enum AtomicFile {
    /// Why a file was not written; the file at `path` is as it was.
    package struct Failure: Error, Sendable, Equatable {
        package var path: String
        package var reason: String
        /// `cannot write <path>: <reason>`.
        package var message: String { "cannot write \(path): \(reason)" }
    }

    /// Who may read a new file.
    package enum Access: Sendable {
        /// What the umask allows (0666 less the umask).
        case umask
        /// The owner only (0600): the file holds secrets.
        case owner
    }

    /// Where the bytes of a file being written go: buffered, then written to the temporary file.
    package final class Sink {
        fileprivate let descriptor: Int32
        fileprivate let limit: Int?
        fileprivate var buffer: [UInt8] = []
        fileprivate var count = 0
        fileprivate var failure: String?

        fileprivate init(descriptor: Int32, limit: Int?) {
            self.descriptor = descriptor
            self.limit = limit
            buffer.reserveCapacity(Sink.bufferSize)
        }

        fileprivate static let bufferSize = 1 << 16

        /// Appends `bytes`; throws when the file would pass its limit or cannot be written.
        package func write(_ bytes: some Sequence<UInt8>) throws(Failure.Reason) {
            if let failure { throw Failure.Reason(failure) }
            let before = buffer.count
            buffer.append(contentsOf: bytes)
            count += buffer.count - before
            if let limit, count > limit {
                failure = "it would be more than \(limit) bytes, the most journey reads back"
                throw Failure.Reason(failure ?? "")
            }
            if buffer.count >= Sink.bufferSize { try flush() }
        }

        /// Appends `text` as UTF-8.
        package func write(_ text: String) throws(Failure.Reason) {
            try write(text.utf8)
        }

        fileprivate func flush() throws(Failure.Reason) {
            if let failure { throw Failure.Reason(failure) }
            var written = 0
            let total = buffer.count
            let error: Int32? = buffer.withUnsafeBytes { raw -> Int32? in
                guard let base = raw.baseAddress else { return nil }
                while written < total {
                    let result = systemWrite(descriptor, base + written, total - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    written += result
                }
                return nil
            }
            buffer.removeAll(keepingCapacity: true)
            if let error {
                failure = String(cString: strerror(error))
                throw Failure.Reason(failure ?? "")
            }
        }
    }

    /// Writes `bytes` to `path` (see ``AtomicFile``); with `limit`, a file longer than that is not
    /// written (journey does not write a file it would refuse to read).
    package static func write(
        _ bytes: some Sequence<UInt8>, to path: String, access: Access = .umask, limit: Int? = nil
    ) throws(Failure) {
        try stream(to: path, access: access, limit: limit) { sink throws(Failure.Reason) in try sink.write(bytes) }
    }

    /// Writes `text` as UTF-8 to `path` (see ``write(_:to:access:limit:)``).
    package static func write(
        _ text: String, to path: String, access: Access = .umask, limit: Int? = nil
    ) throws(Failure) {
        try write(text.utf8, to: path, access: access, limit: limit)
    }

    /// Writes what `produce` hands its sink to `path`, as it comes, for a file too large to hold
    /// whole; the file replaces the old one only once `produce` has returned. An error `produce`
    /// throws leaves the old file, and is the failure's reason.
    package static func stream<E: Error>(
        to path: String, access: Access = .umask, limit: Int? = nil, _ produce: (Sink) throws(E) -> Void
    ) throws(Failure) {
        let target = try self.target(of: path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw Failure(path: path, reason: "it is a folder") }
        if exists, info.st_mode & S_IFMT != S_IFREG {
            return try writeInPlace(target, shownAs: path, limit: limit, produce)
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let (temporary, descriptor) = try create(
            in: folder.isEmpty ? "." : folder, for: name, path: path, access: access)
        var closed = false
        func fail(_ reason: String) -> Failure {
            if !closed { close(descriptor) }
            unlink(temporary)
            return Failure(path: path, reason: reason)
        }
        if exists {
            // The replaced file's permissions and, when allowed, its owner.
            _ = fchown(descriptor, info.st_uid, info.st_gid)
            guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw fail(String(cString: strerror(errno))) }
        }
        let sink = Sink(descriptor: descriptor, limit: limit)
        do {
            try produce(sink)
        } catch {
            throw fail(sink.failure ?? (error as? Failure.Reason)?.text ?? "\(error)")
        }
        do {
            try sink.flush()
        } catch {
            throw fail(error.text)
        }
        guard fsync(descriptor) == 0 else { throw fail(String(cString: strerror(errno))) }
        closed = true
        guard close(descriptor) == 0 else { throw fail(String(cString: strerror(errno))) }
        guard rename(temporary, target) == 0 else { throw fail(String(cString: strerror(errno))) }
    }

    /// The file `path` names: itself, or the file its symbolic links lead to (which may not exist yet).
    static func target(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            let size = Int(PATH_MAX)
            var buffer = [CChar](repeating: 0, count: size + 1)
            let length = readlink(current, &buffer, size)
            guard length >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            let link = String(decoding: buffer[..<length].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let folder = (current as NSString).deletingLastPathComponent
                current = folder.isEmpty ? link : folder + "/" + link
            }
        }
        throw Failure(path: path, reason: "too many levels of symbolic links")
    }

    /// A new temporary file beside `name` in `folder`, open for writing.
    private static func create(in folder: String, for name: String, path: String, access: Access) throws(Failure)
        -> (String, Int32)
    {
        let mode: mode_t = access == .owner ? 0o600 : 0o666
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = folder + "/." + name + ".journey-" + suffix + ".tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else {
                let reason = errno == EACCES ? "the folder \(folder) is not writable" : String(cString: strerror(errno))
                throw Failure(path: path, reason: reason)
            }
        }
        throw Failure(path: path, reason: "no temporary file could be made in \(folder)")
    }

    /// A device or a pipe, written straight.
    private static func writeInPlace<E: Error>(
        _ target: String, shownAs path: String, limit: Int?, _ produce: (Sink) throws(E) -> Void
    ) throws(Failure) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let sink = Sink(descriptor: descriptor, limit: limit)
        do {
            try produce(sink)
            try sink.flush()
        } catch {
            throw Failure(path: path, reason: sink.failure ?? (error as? Failure.Reason)?.text ?? "\(error)")
        }
    }
}

extension AtomicFile.Failure {
    /// Why a sink refused bytes.
    package struct Reason: Error, Sendable {
        package var text: String
        init(_ text: String) { self.text = text }
    }
}

/// write(2), which ``AtomicFile/Sink``'s own `write` hides.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

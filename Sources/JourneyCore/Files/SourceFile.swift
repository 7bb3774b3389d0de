import Foundation

/// Reads a script or simulator tree file from disk with the checks a hostile file needs: it
/// must be a regular file (a FIFO would block the reader forever) on a real filesystem (not
/// /proc or /sys, whose files read back the environment or the arguments), at most
/// ``maximumBytes`` long, and valid UTF-8. Each problem is a diagnostic at the file.
package enum SourceFile {
    /// The largest script or tree file read: ten times the largest file the benchmarks lint.
    package static let maximumBytes = 1 << 20

    /// The text of the file at `path`, or a diagnostic saying why it cannot be read.
    package static func read(_ path: String, limit: Int = maximumBytes) throws(Diagnostic) -> String {
        try decode(Array(bytes(path, limit: limit, what: "a script or tree file")), file: path)
    }

    /// Why the file at `path` would not be read (a diagnostic at the file), or nil when it is a
    /// regular file on a real filesystem; nothing is opened.
    package static func problem(_ path: String) -> Diagnostic? {
        do {
            _ = try check(path)
            return nil
        } catch {
            return error
        }
    }

    /// The `stat` of `path` when it is a regular file on a real filesystem.
    @discardableResult
    static func check(_ path: String) throws(Diagnostic) -> stat {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "there is no such file" : String(cString: strerror(errno))
            throw .error("cannot read the file: \(reason)", at: start)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw .error("cannot read the file: it is \(describe(fileType: type)), not a regular file", at: start)
        }
        if let filesystem = pseudoFilesystem(of: path) {
            throw .error(
                "cannot read the file: it is on \(filesystem), a pseudo-filesystem the kernel makes up "
                    + "(such as /proc, /sys or /dev), not a file on disk",
                at: start)
        }
        return info
    }

    /// The name of the pseudo-filesystem `path` is on, or nil for a real one (a disk, tmpfs, a
    /// network filesystem). The kernel's files there say they are regular, with a size of 0,
    /// and read back the process's environment, arguments or the machine's state.
    static func pseudoFilesystem(of path: String) -> String? {
        #if os(Linux)
            guard let statfs = statfsFunction else { return nil }
            // `struct statfs` starts with its `f_type`, a word; the buffer is larger than the struct.
            var buffer = [Int](repeating: 0, count: 64)
            let result = buffer.withUnsafeMutableBytes { raw -> Int32 in
                guard let base = raw.baseAddress else { return -1 }
                return path.withCString { statfs($0, base) }
            }
            guard result == 0, let type = buffer.first else { return nil }
            return pseudoFilesystems[UInt32(truncatingIfNeeded: type)]
        #else
            return nil
        #endif
    }

    private typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32

    /// statfs(2) from the C library: Glibc's module map leaves out <sys/statfs.h>.
    private static let statfsFunction: StatFS? = {
        #if os(Linux)
            guard let symbol = dlsym(nil, "statfs") else { return nil }
            return unsafeBitCast(symbol, to: StatFS.self)
        #else
            return nil
        #endif
    }()

    /// The magic numbers of Linux's pseudo-filesystems (statfs(2), linux/magic.h). tmpfs (also
    /// /dev's devtmpfs) holds ordinary files and is not one.
    static let pseudoFilesystems: [UInt32: String] = [
        0x9fa0: "proc",
        0x6265_6572: "sysfs",
        0x1cd1: "devpts",
        0x6462_6720: "debugfs",
        0x7472_6163: "tracefs",
        0x0027_e0eb: "cgroup",
        0x6367_7270: "cgroup2",
        0x7363_6673: "securityfs",
        0x6165_676c: "pstore",
        0xcafe_4a11: "bpf",
        0x6265_6570: "configfs",
        0xde5e_81e4: "efivarfs",
        0xf97c_ff8c: "selinuxfs",
        0x4341_5d53: "smackfs",
        0x6573_5543: "fusectl",
        0x4249_4e4d: "binfmt_misc",
        0x1980_0202: "mqueue",
        0x6e73_6673: "nsfs",
        0x0765_5821: "resctrl",
        0x5049_5045: "pipefs",
        0x534f_434b: "sockfs",
        0x0904_1934: "anon_inodefs",
        0x0000_9fa2: "usbdevfs",
    ]

    /// The bytes of the regular file at `path`, at most `limit` of them; `what` names the kind
    /// of file in the message about the limit.
    package static func bytes(_ path: String, limit: Int, what: String) throws(Diagnostic) -> Data {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let info = try check(path)
        guard Int(info.st_size) <= limit else {
            throw .error(
                "the file is \(info.st_size) bytes, more than the limit of \(limit) bytes for \(what)",
                at: start)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .error("cannot read the file: permission denied", at: start)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .error("cannot read the file: \(error.localizedDescription)", at: start)
        }
        guard data.count <= limit else {
            throw .error("the file is more than the limit of \(limit) bytes for \(what)", at: start)
        }
        return data
    }

    /// The bytes as UTF-8 text, or a diagnostic at the first byte that is not UTF-8 (its line,
    /// column and byte offset).
    package static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        var afterReturn = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                // A line ends at `\n`, `\r\n` or a `\r` alone (LineEnd).
                let byte = encoded.count == 1 ? encoded.first : nil
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    if !(byte == UInt8(ascii: "\n") && afterReturn) { line += 1 }
                    column = 1
                } else {
                    column += 1
                }
                afterReturn = byte == UInt8(ascii: "\r")
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw .error(
                    "the file is not valid UTF-8: byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)",
                    at: SourceLocation(file: file, line: line, column: column),
                    hint: "save the file as UTF-8")
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    private static func describe(fileType type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

import Foundation

/// Reads a script or simulator tree file from disk with the checks a hostile file needs: it
/// must be a regular file (a FIFO would block the reader forever), at most
/// ``maximumBytes`` long, and valid UTF-8. Each problem is a diagnostic at the file.
public enum SourceFile {
    /// The largest script or tree file read: ten times the largest file the benchmarks lint.
    public static let maximumBytes = 1 << 20

    /// The text of the file at `path`, or a diagnostic saying why it cannot be read.
    public static func read(_ path: String, limit: Int = maximumBytes) throws(Diagnostic) -> String {
        try decode(Array(bytes(path, limit: limit, what: "a script or tree file")), file: path)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; `what` names the kind
    /// of file in the message about the limit.
    public static func bytes(_ path: String, limit: Int, what: String) throws(Diagnostic) -> Data {
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
    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
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

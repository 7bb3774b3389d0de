/// A Markdown document's lines as CommonMark counts them: split at `\n`, a `\r` before it
/// belonging to the line end.
package enum MarkdownLines {
    /// The lines of `text` without their line ends (a final line end starts no line).
    package static func split(_ text: String) -> [Substring] {
        // By bytes: as Characters, `\r\n` is one and would not split at `\n`.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.last == UInt8(ascii: "\r") ? Substring($0.dropLast()) : Substring($0) }
    }

    /// The lines of `text` each with its own line end (`\n`, `\r\n`, or none for a last line
    /// without one): joined, they are `text` byte for byte.
    package static func withEnds(_ text: String) -> [Substring] {
        let bytes = text.utf8
        var lines: [Substring] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                lines.append(Substring(bytes[start...]))
                break
            }
            let end = bytes.index(after: newline)
            lines.append(Substring(bytes[start..<end]))
            start = end
        }
        return lines
    }
}

/// A Markdown document's lines as CommonMark counts them: each ends at `\n`, `\r\n` or a `\r`
/// alone (``LineEnd``), the line end not part of the line.
package enum MarkdownLines {
    /// The lines of `text` without their line ends (a final line end starts no line).
    package static func split(_ text: String) -> [Substring] {
        lines(text).map { Substring($0.content) }
    }

    /// The lines of `text` each with its own line end (`\n`, `\r\n`, `\r`, or none for a last line
    /// without one): joined, they are `text` byte for byte.
    package static func withEnds(_ text: String) -> [Substring] {
        lines(text).map { Substring($0.line) }
    }

    /// The line end a line of ``withEnds(_:)`` ends with (`\n` for a last line without one).
    package static func ending(of line: Substring) -> String {
        let bytes = line.utf8
        if bytes.last == UInt8(ascii: "\r") { return "\r" }
        if bytes.last == UInt8(ascii: "\n") {
            return bytes.dropLast().last == UInt8(ascii: "\r") ? "\r\n" : "\n"
        }
        return "\n"
    }

    private static func lines(_ text: String) -> [(content: Substring.UTF8View, line: Substring.UTF8View)] {
        let bytes = text.utf8
        var lines: [(content: Substring.UTF8View, line: Substring.UTF8View)] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let (end, next) = LineEnd.after(start, in: bytes)
            lines.append((bytes[start..<end], bytes[start..<next]))
            start = next
        }
        return lines
    }
}

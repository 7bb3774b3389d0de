/// Finds the fenced code blocks of a Markdown document by CommonMark's fence rules: an opening
/// fence is at least three backticks or tildes indented by at most three spaces (a backtick
/// fence's info string holds no backtick); the block ends at a fence of the same character, at
/// least as long, followed by nothing but blanks, or else at the end of the document; up to the
/// opening fence's indentation is taken off each content line.
///
/// Only top-level blocks are read: a fence inside a list item or a block quote (indented past
/// three spaces, or after `>`) is not seen as one.
package enum FencedBlockScanner {
    /// The most fenced blocks one document may hold.
    package static let maximumBlocks = 10_000

    /// Why a document is not scanned: larger than ``SourceFile/maximumBytes`` or holding more than
    /// ``maximumBlocks`` blocks.
    package struct TooLarge: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// Every fenced block of `text`, in document order.
    package static func blocks(in text: String) throws(TooLarge) -> [FencedBlock] {
        guard text.utf8.count <= SourceFile.maximumBytes else {
            throw TooLarge(description: "the document is larger than \(SourceFile.maximumBytes) bytes")
        }
        let lines = MarkdownLines.split(text)
        var blocks: [FencedBlock] = []
        var index = 0
        while index < lines.count {
            guard let opening = Fence(opening: lines[index]) else {
                index += 1
                continue
            }
            guard blocks.count < maximumBlocks else {
                throw TooLarge(description: "the document holds more than \(maximumBlocks) fenced blocks")
            }
            var content: [String] = []
            var closing: Int?
            var next = index + 1
            while next < lines.count {
                if FencedBlock.closes(lines[next], character: opening.character, length: opening.length) {
                    closing = next
                    break
                }
                content.append(dropIndent(lines[next], upTo: opening.indent))
                next += 1
            }
            blocks.append(
                FencedBlock(
                    info: opening.info, openingLine: index + 1, closingLine: closing.map { $0 + 1 },
                    indent: opening.indent, fence: (opening.character, opening.length), lines: content))
            index = (closing ?? lines.count) + 1
        }
        return blocks
    }

    private static func dropIndent(_ line: Substring, upTo count: Int) -> String {
        var rest = line[...]
        var dropped = 0
        while dropped < count, rest.first == " " {
            rest = rest.dropFirst()
            dropped += 1
        }
        return String(rest)
    }

    /// An opening fence line, read.
    private struct Fence {
        let indent: Int
        let character: Character
        let length: Int
        let info: String

        init?(opening line: Substring) {
            let indent = line.prefix { $0 == " " }.count
            guard indent <= 3 else { return nil }
            let rest = line.dropFirst(indent)
            guard let character = rest.first, character == "`" || character == "~" else { return nil }
            let length = rest.prefix { $0 == character }.count
            guard length >= 3 else { return nil }
            let info = rest.dropFirst(length)
            if character == "`" && info.contains("`") { return nil }
            self.indent = indent
            self.character = character
            self.length = length
            self.info = String(
                info.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
    }
}

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

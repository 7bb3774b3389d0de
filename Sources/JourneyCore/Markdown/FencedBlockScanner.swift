/// Finds the fenced code blocks of a Markdown document by CommonMark's rules: an opening fence is
/// at least three backticks or tildes indented by at most three spaces (a backtick fence's info
/// string holds no backtick); the block ends at a fence of the same character, at least as long,
/// followed by nothing but blanks, or else at the end of the document or of its container; up to
/// the opening fence's indentation is taken off each content line.
///
/// Blocks are read at the top level and inside list items (`1.`, `1)`, `-`, `*`, `+`: the item's
/// lines indented to its content) and block quotes (`>`), nested in any order: a block's lines lose
/// their containers' prefixes. A fence inside an HTML comment (a line starting `<!--`, up to the
/// line holding `-->`) is not one, as CommonMark reads the comment as an HTML block. Tabs are not
/// read as indentation, and lazy continuation lines are read for paragraphs only.
package enum FencedBlockScanner {
    /// The most fenced blocks one document may hold.
    package static let maximumBlocks = 10_000
    /// The deepest nesting of list items and block quotes read.
    package static let maximumDepth = 100

    /// Why a document is not scanned: larger than ``SourceFile/maximumBytes``, holding more than
    /// ``maximumBlocks`` blocks, or nesting containers deeper than ``maximumDepth``.
    package struct TooLarge: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// Every fenced block of `text`, in document order.
    package static func blocks(in text: String) throws(TooLarge) -> [FencedBlock] {
        guard text.utf8.count <= SourceFile.maximumBytes else {
            throw TooLarge(description: "the document is larger than \(SourceFile.maximumBytes) bytes")
        }
        var scan = MarkdownScan()
        for (index, line) in MarkdownLines.split(text).enumerated() {
            try scan.take(line, number: index + 1)
        }
        scan.finish()
        return scan.blocks
    }
}

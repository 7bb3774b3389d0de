/// A fenced code block of a Markdown document, at the top level or inside list items and block
/// quotes, as CommonMark reads it.
package struct FencedBlock: Sendable, Equatable {
    /// The info string after the opening fence, without its surrounding blanks (`yaml journey file=a.yaml`).
    package let info: String
    /// The 1-based line of the opening fence.
    package let openingLine: Int
    /// The 1-based line of the closing fence; nil when no fence closes it (the block runs to the
    /// end of the document, or of the list item or block quote that holds it).
    package let closingLine: Int?
    /// The 1-based column of the opening fence: its containers' markers and indentation, and its
    /// own indentation, come before it (`1. ```yaml` opens at column 4, `> ```yaml` at column 3).
    package let column: Int
    /// The opening fence's indentation inside its container (0 to 3 spaces), taken off each content line.
    package let indent: Int
    /// What comes before the content on each line of the block: the continuation of its list items
    /// and block quotes, as the closing fence's line writes them, and the fence's indentation
    /// (`""`, `"  "`, `"   "`, `"> "`, `"   > "`). A line rewritten into the block is written after it.
    package let prefix: String
    /// The fence's character (`` ` `` or `~`) and length.
    package let fence: (character: Character, length: Int)
    /// The content lines without their containers' prefixes, with up to ``indent`` leading spaces
    /// taken off, without their line ends.
    package let lines: [String]

    package init(
        info: String, openingLine: Int, closingLine: Int?, column: Int, indent: Int, prefix: String,
        fence: (character: Character, length: Int), lines: [String]
    ) {
        self.info = info
        self.openingLine = openingLine
        self.closingLine = closingLine
        self.column = column
        self.indent = indent
        self.prefix = prefix
        self.fence = fence
        self.lines = lines
    }

    /// The 1-based line of the first content line.
    package var firstContentLine: Int { openingLine + 1 }

    /// The words of the info string, split at blanks.
    package var infoWords: [String] { info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }

    /// Whether `line` (without its containers' prefixes) closes a block opened by `length` times
    /// `character`: as long a fence or longer, indented by at most three spaces, followed by blanks only.
    package static func closes(_ line: Substring, character: Character, length: Int) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let run = rest.prefix { $0 == character }.count
        guard run >= length else { return false }
        return rest.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }

    package static func == (a: FencedBlock, b: FencedBlock) -> Bool {
        a.info == b.info && a.openingLine == b.openingLine && a.closingLine == b.closingLine && a.column == b.column
            && a.indent == b.indent && a.prefix == b.prefix && a.fence == b.fence && a.lines == b.lines
    }
}

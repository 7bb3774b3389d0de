/// A fenced code block of a Markdown document, as CommonMark reads it at the top level.
package struct FencedBlock: Sendable, Equatable {
    /// The info string after the opening fence, without its surrounding blanks (`yaml journey file=a.yaml`).
    package let info: String
    /// The 1-based line of the opening fence.
    package let openingLine: Int
    /// The 1-based line of the closing fence; nil when the block runs to the end of the document.
    package let closingLine: Int?
    /// The opening fence's indentation (0 to 3 spaces), taken off each content line.
    package let indent: Int
    /// The fence's character (`` ` `` or `~`) and length.
    package let fence: (character: Character, length: Int)
    /// The content lines with up to ``indent`` leading spaces taken off, without their line ends.
    package let lines: [String]

    /// The 1-based line of the first content line.
    package var firstContentLine: Int { openingLine + 1 }

    /// The words of the info string, split at blanks.
    package var infoWords: [String] { info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }

    /// Whether `line` closes a block opened by `length` times `character`: as long a fence or
    /// longer, indented by at most three spaces, followed by blanks only.
    package static func closes(_ line: Substring, character: Character, length: Int) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let run = rest.prefix { $0 == character }.count
        guard run >= length else { return false }
        return rest.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }

    package static func == (a: FencedBlock, b: FencedBlock) -> Bool {
        a.info == b.info && a.openingLine == b.openingLine && a.closingLine == b.closingLine && a.indent == b.indent
            && a.fence == b.fence && a.lines == b.lines
    }
}

/// The state of one scan, line after line: the open containers, the open fenced block or HTML
/// comment, and whether a paragraph is open (so a line may continue it lazily).
struct MarkdownScan {
    enum Container {
        case quote
        /// A list item whose content starts `width` columns into its container.
        case item(width: Int)
    }

    struct OpenFence {
        let fence: MarkdownFence
        let line: Int
        let column: Int
        let depth: Int
        var content: [String] = []
    }

    var containers: [Container] = []
    var fence: OpenFence?
    /// The depth of the open HTML comment's container.
    var comment: Int?
    var paragraph = false
    var blocks: [FencedBlock] = []

    mutating func take(_ line: Substring, number: Int) throws(FencedBlockScanner.TooLarge) {
        if var open = fence {
            let (matched, rest) = match(line, depth: open.depth)
            if matched == open.depth {
                if FencedBlock.closes(rest, character: open.fence.character, length: open.fence.length) {
                    let prefix = String(line[..<rest.startIndex]) + String(repeating: " ", count: open.fence.indent)
                    append(open, closing: number, prefix: prefix)
                    fence = nil
                } else {
                    open.content.append(Self.dropIndent(rest, upTo: open.fence.indent))
                    fence = open
                }
                return
            }
            // Its container ended: so does the block, unclosed.
            append(open, closing: nil, prefix: String(repeating: " ", count: open.column - 1))
            fence = nil
        }
        if let depth = comment {
            let (matched, rest) = match(line, depth: depth)
            if matched == depth {
                if rest.contains("-->") { comment = nil }
                return
            }
            comment = nil
        }
        var (matched, rest) = match(line, depth: containers.count)
        if matched < containers.count {
            if paragraph && !Self.isBlank(rest) && !startsBlock(rest) { return }
            containers.removeLast(containers.count - matched)
            paragraph = false
        }
        var interrupting = paragraph
        while !Self.isThematicBreak(rest) {
            let opened: (rest: Substring, container: Container)
            if let quoted = Self.quoteStart(rest) {
                opened = (quoted, .quote)
            } else if let item = Self.itemStart(rest, interrupting: interrupting) {
                opened = (item.rest, .item(width: item.width))
            } else {
                break
            }
            guard containers.count < FencedBlockScanner.maximumDepth else {
                throw FencedBlockScanner.TooLarge(
                    description:
                        "the document nests list items and block quotes more than \(FencedBlockScanner.maximumDepth) deep"
                )
            }
            containers.append(opened.container)
            rest = opened.rest
            interrupting = false
            paragraph = false
        }
        if let opening = MarkdownFence(opening: rest) {
            guard blocks.count < FencedBlockScanner.maximumBlocks else {
                throw FencedBlockScanner.TooLarge(
                    description: "the document holds more than \(FencedBlockScanner.maximumBlocks) fenced blocks")
            }
            let column = line.distance(from: line.startIndex, to: rest.startIndex) + opening.indent + 1
            fence = OpenFence(fence: opening, line: number, column: column, depth: containers.count)
            paragraph = false
        } else if let after = Self.commentStart(rest) {
            if !after.contains("-->") { comment = containers.count }
            paragraph = false
        } else if Self.isBlank(rest) || Self.isThematicBreak(rest) {
            paragraph = false
        } else if !paragraph && rest.prefix(while: { $0 == " " }).count >= 4 {
            // An indented code block's line: no paragraph.
        } else {
            paragraph = true
        }
    }

    mutating func finish() {
        if let open = fence { append(open, closing: nil, prefix: String(repeating: " ", count: open.column - 1)) }
        fence = nil
    }

    private mutating func append(_ open: OpenFence, closing: Int?, prefix: String) {
        blocks.append(
            FencedBlock(
                info: open.fence.info, openingLine: open.line, closingLine: closing, column: open.column,
                indent: open.fence.indent, prefix: prefix, fence: (open.fence.character, open.fence.length),
                lines: open.content))
    }

    /// How many of the first `depth` containers `line` continues, and what is left of it after them.
    private func match(_ line: Substring, depth: Int) -> (matched: Int, rest: Substring) {
        var rest = line
        for (index, container) in containers.prefix(depth).enumerated() {
            switch container {
            case .quote:
                guard let quoted = Self.quoteStart(rest) else { return (index, rest) }
                rest = quoted
            case .item(let width):
                let spaces = rest.prefix { $0 == " " }.count
                if Self.isBlank(rest) {
                    rest = rest.dropFirst(min(spaces, width))
                } else if spaces >= width {
                    rest = rest.dropFirst(width)
                } else {
                    return (index, rest)
                }
            }
        }
        return (min(depth, containers.count), rest)
    }

    /// Whether `rest` starts a block that ends a paragraph (so it is no lazy continuation line).
    private func startsBlock(_ rest: Substring) -> Bool {
        MarkdownFence(opening: rest) != nil || Self.quoteStart(rest) != nil
            || Self.itemStart(rest, interrupting: true) != nil || Self.commentStart(rest) != nil
            || Self.isThematicBreak(rest)
    }

    static func isBlank(_ text: Substring) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }

    /// What follows a block quote marker (`>` indented by at most three spaces, and one space after it).
    static func quoteStart(_ text: Substring) -> Substring? {
        let spaces = text.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        var rest = text.dropFirst(spaces)
        guard rest.first == ">" else { return nil }
        rest = rest.dropFirst()
        return rest.first == " " ? rest.dropFirst() : rest
    }

    /// A list item's marker (`-`, `*`, `+`, or 1 to 9 digits and `.` or `)`) indented by at most
    /// three spaces, followed by spaces or the line end: the item's content width, and what follows
    /// it. Interrupting a paragraph, an item must hold something, and an ordered one start at 1.
    static func itemStart(_ text: Substring, interrupting: Bool) -> (width: Int, rest: Substring)? {
        let spaces = text.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        let marker = text.dropFirst(spaces)
        var length: Int
        if let first = marker.first, first == "-" || first == "*" || first == "+" {
            length = 1
        } else {
            let digits = marker.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count) else { return nil }
            let delimiter = marker.dropFirst(digits.count).first
            guard delimiter == "." || delimiter == ")" else { return nil }
            if interrupting && digits != "1" { return nil }
            length = digits.count + 1
        }
        let after = marker.dropFirst(length)
        if isBlank(after) {
            guard !interrupting, !after.contains("\t") else { return nil }
            return (spaces + length + 1, after.dropFirst(after.count))
        }
        let gap = after.prefix { $0 == " " }.count
        guard gap >= 1 else { return nil }
        length += gap >= 5 ? 1 : gap
        return (spaces + length, text.dropFirst(spaces + length))
    }

    /// What follows `<!--` at the start of a line (indented by at most three spaces).
    static func commentStart(_ text: Substring) -> Substring? {
        let spaces = text.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        let rest = text.dropFirst(spaces)
        return rest.hasPrefix("<!--") ? rest.dropFirst(4) : nil
    }

    /// Three or more `-`, `*` or `_` (one of them), with blanks between (`- - -`): no list item.
    static func isThematicBreak(_ text: Substring) -> Bool {
        let spaces = text.prefix { $0 == " " }.count
        guard spaces <= 3 else { return false }
        let rest = text.dropFirst(spaces)
        guard let character = rest.first, character == "-" || character == "*" || character == "_" else {
            return false
        }
        var count = 0
        for item in rest {
            if item == character {
                count += 1
            } else if item != " " && item != "\t" {
                return false
            }
        }
        return count >= 3
    }

    static func dropIndent(_ line: Substring, upTo count: Int) -> String {
        var rest = line[...]
        var dropped = 0
        while dropped < count, rest.first == " " {
            rest = rest.dropFirst()
            dropped += 1
        }
        return String(rest)
    }
}

/// An opening fence line, read.
struct MarkdownFence {
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

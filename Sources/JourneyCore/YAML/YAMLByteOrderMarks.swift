import Foundation
import Yams

/// Yams reads a scalar's bytes with `String(bytes:encoding: .utf8)`, which drops a leading
/// U+FEFF: `"\uFEFFLogin"` would read as `Login`. A quoted scalar whose text starts with one
/// (written raw or as `\uFEFF` / `\U0000FEFF`) gets it back here, so text journey wrote from
/// traffic reads back as it was.
enum YAMLByteOrderMarks {
    static let mark: Character = "\u{FEFF}"

    /// `node` with the leading U+FEFF Yams dropped from each quoted scalar restored; `node` itself when the
    /// text holds no U+FEFF in any spelling (nearly every file).
    static func restored(_ node: Node, in text: String) -> Node {
        guard text.contains(mark) || text.range(of: "FEFF", options: .caseInsensitive) != nil else { return node }
        return restore(node, lines: lines(of: text))
    }

    /// The lines as libyaml counts them for a mark: a line ends at CR LF, CR, LF, NEL, U+2028 or
    /// U+2029 (a raw U+2028 in a quoted scalar moved every later mark down a line).
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index != scalars.endIndex {
            let scalar = scalars[index]
            guard ["\r", "\n", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) else {
                index = scalars.index(after: index)
                continue
            }
            lines.append(Substring(scalars[start..<index]))
            index = scalars.index(after: index)
            if scalar == "\r", index != scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }

    private static func restore(_ node: Node, lines: [Substring]) -> Node {
        switch node {
        case .scalar(let scalar):
            guard startsWithMark(scalar, lines: lines) else { return node }
            return .scalar(
                Node.Scalar(String(mark) + scalar.string, scalar.tag, scalar.style, scalar.mark, scalar.anchor))
        case .mapping(let mapping):
            let pairs = mapping.map { (restore($0.key, lines: lines), restore($0.value, lines: lines)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark, mapping.anchor))
        case .sequence(let sequence):
            let nodes = sequence.map { restore($0, lines: lines) }
            return .sequence(Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark, sequence.anchor))
        default:
            return node
        }
    }

    /// Whether the quoted scalar's source, after its opening quote, spells U+FEFF first.
    private static func startsWithMark(_ scalar: Node.Scalar, lines: [Substring]) -> Bool {
        // Yams drops exactly one leading mark, also from text that starts with several.
        guard let position = scalar.mark,
            scalar.style == .doubleQuoted || scalar.style == .singleQuoted,
            lines.indices.contains(position.line - 1)
        else { return false }
        let line = lines[position.line - 1].unicodeScalars
        guard position.column >= 1, position.column <= line.count else { return false }
        let source = String(line.dropFirst(position.column))
        if source.hasPrefix(String(mark)) { return true }
        guard scalar.style == .doubleQuoted else { return false }
        let escape = source.prefix(10).lowercased()
        return escape.hasPrefix("\\ufeff") || escape.hasPrefix("\\u0000feff")
    }
}

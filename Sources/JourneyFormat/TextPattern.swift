import Foundation
import JourneyCore

/// A string matcher written in YAML either as a literal (`Password`) or as `/regex/flags`
/// (`/second factor/i`). Flags: `i` (case-insensitive), `s` (dot matches newlines), `m` (multi-line).
package struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        case exact(String)
        case regex(source: String, flags: String)
    }

    package let kind: Kind
    /// The compiled expression, made once when the pattern is parsed (matching is on the hot path).
    private let compiled: CompiledRegex?

    package init(exact text: String) {
        kind = .exact(text)
        compiled = nil
    }

    /// Parses `/.../flags` as a regex and anything else as an exact string.
    /// Throws the regex compiler's message when the expression is invalid.
    package init(parsing text: String) throws {
        if text.count >= 2, text.hasPrefix("/"), let close = text.lastIndex(of: "/"), close != text.startIndex {
            let flags = String(text[text.index(after: close)...])
            if flags.allSatisfy({ "ism".contains($0) }) {
                let source = String(text[text.index(after: text.startIndex)..<close])
                compiled = CompiledRegex(try Self.compile(source: source, flags: flags))
                kind = .regex(source: source, flags: flags)
                return
            }
        }
        kind = .exact(text)
        compiled = nil
    }

    package func matches(_ text: String) -> Bool {
        switch kind {
        case .exact(let expected):
            return text == expected
        case .regex:
            guard let regex = compiled?.regex else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// `matches(text)`, or, in a replay, a text the recording masked (a secret of the run stood in
    /// it) that the pattern could have matched: an exact text with each placeholder standing for
    /// any text, and any regex (what it was checked against live is no longer in the recording).
    package func matches(_ text: String, replay: Bool) -> Bool {
        if matches(text) { return true }
        guard replay, Placeholder.isHeld(in: text) else { return false }
        switch kind {
        case .exact(let expected): return Placeholder.matches(expected, withPlaceholders: text)
        case .regex: return true
        }
    }

    /// The first capture group (or the whole match) of a regex pattern; the text itself for an exact match.
    package func extract(from text: String) -> String? {
        guard let regex = compiled?.regex else { return matches(text) ? text : nil }
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }

    package var description: String {
        switch kind {
        case .exact(let text): return "'\(text)'"
        case .regex(let source, let flags): return "/\(source)/\(flags)"
        }
    }

    package static func == (a: TextPattern, b: TextPattern) -> Bool { a.kind == b.kind }
    package func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    static func compile(source: String, flags: String) throws -> NSRegularExpression {
        var options: NSRegularExpression.Options = []
        if flags.contains("i") { options.insert(.caseInsensitive) }
        if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
        if flags.contains("m") { options.insert(.anchorsMatchLines) }
        return try NSRegularExpression(pattern: source, options: options)
    }
}

/// An immutable compiled expression; NSRegularExpression is safe to share once built.
private final class CompiledRegex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}

import Foundation

/// A string matcher written in YAML either as a literal (`Password`) or as `/regex/flags`
/// (`/second factor/i`). Flags: `i` (case-insensitive), `s` (dot matches newlines), `m` (multi-line).
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case exact(String)
        case regex(source: String, flags: String)
    }

    public let kind: Kind

    public init(exact text: String) {
        kind = .exact(text)
    }

    /// Parses `/.../flags` as a regex and anything else as an exact string.
    /// Throws the regex compiler's message when the expression is invalid.
    public init(parsing text: String) throws {
        if text.count >= 2, text.hasPrefix("/"), let close = text.lastIndex(of: "/"), close != text.startIndex {
            let flags = String(text[text.index(after: close)...])
            if flags.allSatisfy({ "ism".contains($0) }) {
                let source = String(text[text.index(after: text.startIndex)..<close])
                _ = try Self.compile(source: source, flags: flags)
                kind = .regex(source: source, flags: flags)
                return
            }
        }
        kind = .exact(text)
    }

    public func matches(_ text: String) -> Bool {
        switch kind {
        case .exact(let expected):
            return text == expected
        case .regex(let source, let flags):
            guard let regex = try? Self.compile(source: source, flags: flags) else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    public var description: String {
        switch kind {
        case .exact(let text): return "'\(text)'"
        case .regex(let source, let flags): return "/\(source)/\(flags)"
        }
    }

    static func compile(source: String, flags: String) throws -> NSRegularExpression {
        var options: NSRegularExpression.Options = []
        if flags.contains("i") { options.insert(.caseInsensitive) }
        if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
        if flags.contains("m") { options.insert(.anchorsMatchLines) }
        return try NSRegularExpression(pattern: source, options: options)
    }
}

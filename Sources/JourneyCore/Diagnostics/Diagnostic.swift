/// A problem found in a source file, with where it is and, when one is close, a suggestion.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    package var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// How many columns the caret line underlines (at least 1).
    package var length: Int
    /// A "did you mean" or other hint, shown under the caret.
    package var hint: String?

    package init(
        _ severity: Severity, _ message: String, at location: SourceLocation?, length: Int = 1, hint: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.length = max(1, length)
        self.hint = hint
    }

    package static func error(_ message: String, at location: SourceLocation?, length: Int = 1, hint: String? = nil)
        -> Diagnostic
    {
        Diagnostic(.error, message, at: location, length: length, hint: hint)
    }

    package static func warning(_ message: String, at location: SourceLocation?, length: Int = 1, hint: String? = nil)
        -> Diagnostic
    {
        Diagnostic(.warning, message, at: location, length: length, hint: hint)
    }

    /// The most characters of a source line an excerpt shows.
    package static let maximumExcerptLength = 200

    /// One line: `file:line:col: error: message`.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        let suffix = hint.map { " (\($0))" } ?? ""
        return "\(place)\(severity.rawValue): \(message)\(suffix)"
    }

    /// The full rendering, with the offending source line and a caret under it.
    package func rendered(source: String?) -> String {
        var lines = ["\(location.map { "\($0): " } ?? "")\(severity.rawValue): \(message)"]
        if let location, let source, let line = Self.line(location.line, of: source) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let (text, column, shown) = Self.excerpt(of: line, around: location.column)
            let caretOffset = String(text.unicodeScalars.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " })
            let width = min(length, max(1, shown - (column - 1)))
            lines.append(" \(number) | \(text)")
            lines.append(" \(gutter) | \(caretOffset)\(String(repeating: "^", count: width))")
            if let hint { lines.append(" \(gutter) = \(hint)") }
        } else if let hint {
            lines.append("  = \(hint)")
        }
        return lines.joined(separator: "\n")
    }

    /// At most ``maximumExcerptLength`` characters of `line`, with the column they show the
    /// caret at and how many of its characters are the line's: from the start when `column` is
    /// among them, else from half the length before it. A cut is marked with `…`, the end's
    /// with how many characters were left out.
    static func excerpt(of line: String, around column: Int) -> (text: String, column: Int, shown: Int) {
        let scalars = line.unicodeScalars
        guard scalars.count > maximumExcerptLength else { return (line, column, scalars.count) }
        let target = max(0, column - 1)
        let first = target < maximumExcerptLength ? 0 : target - maximumExcerptLength / 2
        let start = scalars.index(scalars.startIndex, offsetBy: min(first, scalars.count))
        let end = scalars.index(start, offsetBy: maximumExcerptLength, limitedBy: scalars.endIndex) ?? scalars.endIndex
        var text = first > 0 ? "…" : ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        let shown = text.unicodeScalars.count
        let hidden = scalars.count - scalars.distance(from: start, to: end)
        text += end < scalars.endIndex ? "… (\(hidden) more characters)" : ""
        return (text, column - first + (first > 0 ? 1 : 0), shown)
    }

    /// The text of line `number`, found by scanning bytes up to it: a file's diagnostics are
    /// rendered one by one, and splitting the whole file for each was most of lint's time.
    private static func line(_ number: Int, of source: String) -> String? {
        guard number >= 1 else { return nil }
        let bytes = source.utf8
        var start = bytes.startIndex
        for _ in 1..<number {
            let (end, next) = LineEnd.after(start, in: bytes)
            guard end < bytes.endIndex else { return nil }
            start = next
        }
        return String(decoding: bytes[start..<LineEnd.after(start, in: bytes).content], as: UTF8.self)
    }
}

/// Several diagnostics thrown together: every problem in a file at once.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

import Foundation

/// What varies from one run to the next, made equal on both sides of a transcript comparison
/// (docs/guides.md lists the rules): each match becomes a placeholder, trailing blanks and
/// trailing blank lines go.
package struct TranscriptNormalization: Sendable {
    /// Each rule: a pattern and the text its matches become, applied in this order.
    package static let rules: [(pattern: String, replacement: String)] = [
        // Dates and times: 2025-03-01T12:34:56.789Z, 2025-03-01 12:34:56 +01:00.
        (#"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?( ?(Z|[+-]\d{2}:?\d{2}))?"#, "<date>"),
        // Generated ids: UUIDs.
        (#"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"#, "<uuid>"),
        // authIds and other JWTs.
        (#"\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*"#, "<jwt>"),
        // Ports of the local machine (the simulator listens on an ephemeral one).
        (#"\b(127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):\d{1,5}\b"#, "$1:<port>"),
        // Durations: 24.4 ms, 0.05 s, 1.2 min.
        (#"(?<![\w.])\d+(\.\d+)? ?(µs|ms|s|min)\b"#, "<duration>"),
        // Random values: 16 or more letters, digits, '-' and '_' holding both a letter and a digit.
        (#"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{16,}(?![\w-])"#, "<random>"),
    ]

    private let expressions: [(NSRegularExpression, String)]
    private let guideRules: [(NSRegularExpression, String)]

    /// `guide` is the guide's path: written with any folder (`docs/guide.md`, `./guide.md`), it
    /// is its file name, so a transcript does not depend on the folder `journey run` ran from.
    package init(guide: String) {
        expressions = Self.rules.compactMap { rule in
            (try? NSRegularExpression(pattern: rule.pattern)).map { ($0, rule.replacement) }
        }
        let guideName = (guide as NSString).lastPathComponent
        // `docs/guide.md#L40` is `guide.md#L<line>`, `docs/guide.md:42:5` is `guide.md:<line>:<column>`:
        // a block's lines move when the guide above it is edited.
        let prefix = #"(?<![^\s(])([^\s(]*/)?"# + NSRegularExpression.escapedPattern(for: guideName)
        let name = NSRegularExpression.escapedTemplate(for: guideName)
        let rules = [
            (prefix + #"#L\d+\b"#, name + "#L<line>"), (prefix + #":\d+:\d+\b"#, name + ":<line>:<column>"),
            (prefix + #":\d+\b"#, name + ":<line>"), (prefix + #"(?=#)"#, name),
        ]
        guideRules = rules.compactMap { rule in (try? NSRegularExpression(pattern: rule.0)).map { ($0, rule.1) } }
    }

    /// One line as compared.
    package func normalized(line: String) -> String {
        var text = line
        for (expression, replacement) in guideRules + expressions {
            text = expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
        }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

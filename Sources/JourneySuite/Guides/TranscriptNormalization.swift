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
    private let folderRules: [(NSRegularExpression, String)]

    /// `guide` is the guide's path: written with any folder (`docs/guide.md`, `./guide.md`), it
    /// is its file name, so a transcript does not depend on the folder `journey run` ran from;
    /// nil for a transcript of no guide (the CLI's golden transcripts, Tests/EndToEndTests/Golden).
    /// `folders` are folders of this machine, each with the placeholder its path becomes; the
    /// temporary folder is always one, as `<tmp>`.
    package init(guide: String?, folders: [(path: String, placeholder: String)] = []) {
        expressions = Self.rules.compactMap { rule in
            (try? NSRegularExpression(pattern: rule.pattern)).map { ($0, rule.replacement) }
        }
        folderRules = (folders + Self.temporaryFolders).sorted { $0.path.count > $1.path.count }.compactMap { folder in
            let pattern = NSRegularExpression.escapedPattern(for: folder.path) + #"(?![\w.-])"#
            let template = NSRegularExpression.escapedTemplate(for: folder.placeholder)
            return (try? NSRegularExpression(pattern: pattern)).map { ($0, template) }
        }
        guard let guide else {
            guideRules = []
            return
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
        for (expression, replacement) in folderRules + guideRules + expressions {
            text = expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
        }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }

    /// The temporary folder, as written with and without its symbolic links (`/var/folders/…` is
    /// `/private/var/folders/…` on macOS).
    private static var temporaryFolders: [(path: String, placeholder: String)] {
        let folder = FileManager.default.temporaryDirectory
        let paths = [folder.path, folder.resolvingSymlinksInPath().path].map { path in
            path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        return Set(paths).filter { $0.count > 1 }.map { ($0, "<tmp>") }
    }
}

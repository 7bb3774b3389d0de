/// The output formats `journey run --format` and `--report FILE` understand.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// Console text for people reading a terminal or a CI log (see ``ConsoleReporter``).
    case human
    /// The stable machine format (see ``JSONReport`` and docs/reports.md).
    case json
    /// JUnit XML for CI test views (see ``JUnitReport``).
    case junit
    /// One self-contained HTML page (see ``HTMLReport``).
    case html
    /// A Markdown transcript with a Mermaid sequence diagram per script (see ``MarkdownReport``).
    case markdown

    /// A reporter for this format; `console` is used as is for `.human` and to write the
    /// JUnit step logs (without colour).
    package func reporter(console: ConsoleReporter = ConsoleReporter()) -> any Reporter {
        switch self {
        case .human: return console
        case .json: return JSONReporter()
        case .junit: return JUnitReporter(sources: console.sources)
        case .html: return HTMLReporter()
        case .markdown: return MarkdownReporter()
        }
    }
}

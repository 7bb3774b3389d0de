import JourneyCore
import JourneyReport

/// `journey run --report KIND=FILE`: a machine report written beside the console output.
package struct ReportFile: Sendable, Equatable {
    package let format: ReportFormat
    package let path: String

    /// Reads `junit=FILE`, `json=FILE`, `html=FILE` or `markdown=FILE`; nil for anything else (`human` is no file format).
    package init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="),
            let format = ReportFormat(rawValue: String(argument[..<equals])),
            format != .human
        else { return nil }
        self.format = format
        self.path = String(argument[argument.index(after: equals)...])
    }

    /// Writes `summary` in this format; `sources` give JUnit's step logs their source lines. A file
    /// that cannot be written stops the command with exit 3, as `--record` does.
    package func write(_ summary: RunSummary, sources: SourceProvider) throws(CommandFailure) {
        switch format {
        case .junit: try OutputFile.write(JUnitReport.render(summary, sources: sources), to: path, exitCode: 3)
        case .html: try OutputFile.write(HTMLReport.render(summary), to: path, exitCode: 3)
        case .markdown: try OutputFile.write(MarkdownReport.render(summary), to: path, exitCode: 3)
        case .json, .human:
            // Streamed a script at a time: the report is as large as the bodies its runs kept.
            try OutputFile.stream(to: path, exitCode: 3) { sink in try JSONReport.write(summary, to: sink) }
        }
    }
}

/// `journey run --report KIND=FILE`: a machine report written beside the console output.
public struct ReportFile: Sendable, Equatable {
    public let format: ReportFormat
    public let path: String

    /// Reads `junit=FILE`, `json=FILE` or `html=FILE`; nil for anything else (`human` is no file format).
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="),
            let format = ReportFormat(rawValue: String(argument[..<equals])),
            format != .human
        else { return nil }
        self.format = format
        self.path = String(argument[argument.index(after: equals)...])
    }

    /// Writes `summary` in this format; `sources` give JUnit's step logs their source lines. A file
    /// that cannot be written stops the command with exit 3, as `--record` does.
    public func write(_ summary: RunSummary, sources: SourceProvider) throws(CommandFailure) {
        let text: String
        switch format {
        case .junit: text = JUnitReport.render(summary, sources: sources)
        case .html: text = HTMLReport.render(summary)
        case .json, .human: text = JSONReport.render(summary)
        }
        try OutputFile.write(text, to: path, exitCode: 3)
    }
}

/// The output formats `journey run --format` and `--report FILE` understand.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Console text for people reading a terminal or a CI log (see ``ConsoleReporter``).
    case human
    /// The stable machine format (see ``JSONReport`` and docs/reports.md).
    case json
    /// JUnit XML for CI test views (see ``JUnitReport``).
    case junit

    /// The usual file extension for a report in this format.
    public var fileExtension: String {
        switch self {
        case .human: return "txt"
        case .json: return "json"
        case .junit: return "xml"
        }
    }

    /// The machine format a report file name implies: `.json` → json, `.xml` → junit; `nil` otherwise.
    public init?(reportPath path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".xml") {
            self = .junit
        } else {
            return nil
        }
    }

    /// A reporter for this format; `console` is used as is for `.human` and to write the
    /// JUnit step logs (without colour).
    public func reporter(console: ConsoleReporter = ConsoleReporter()) -> any Reporter {
        switch self {
        case .human: return console
        case .json: return JSONReporter()
        case .junit: return JUnitReporter(sources: console.sources)
        }
    }
}

import Foundation
import JourneyCore

/// The machine-readable report: one JSON document for a whole run, described field by field
/// in docs/reports.md. The format is versioned (`"version": 1`); fields are only added
/// within a version, and every documented field is always present (`null` when unknown).
/// Keys are sorted and the layout fixed, so the same results always give the same text.
public enum JSONReport {
    /// The report's format version.
    public static let version = 1

    /// The report as indented JSON text, ending with a newline.
    public static func render(_ summary: RunSummary) -> String {
        JSONWriter.pretty(document(summary)) + "\n"
    }

    /// The report as a JSON value, for callers that embed or inspect it.
    public static func document(_ summary: RunSummary) -> JSONValue {
        .object([
            "format": "journey-report",
            "version": .int(version),
            "summary": summaryObject(summary),
            "scripts": .array(summary.results.map(JSONTrace.script)),
        ])
    }

    static func summaryObject(_ summary: RunSummary) -> JSONValue {
        .object([
            "scripts": .int(summary.total),
            "passed": .int(summary.passed),
            "failed": .int(summary.failed),
            "errors": .int(summary.errored),
            "invalid": .int(summary.invalid),
            "mismatched": .int(summary.mismatched),
            "flaky": .int(summary.flaky),
            "exitCode": .int(Int(summary.exitCode)),
            "shard": summary.shard.map { .string($0.description) } ?? .null,
            "startedAt": .string(ReportTime.iso8601(summary.startedAt, fractionalSeconds: true)),
            "duration": JSONTrace.seconds(summary.duration),
        ])
    }
}

/// A ``Reporter`` that writes the JSON report once the run is over.
public struct JSONReporter: Reporter {
    public init() {}

    public func scriptFinished(_ result: JourneyResult) -> String { "" }

    public func finish(_ summary: RunSummary) -> String { JSONReport.render(summary) }
}

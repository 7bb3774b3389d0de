import Foundation
import JourneyCore
import JourneyRun

/// The machine-readable report: one JSON document for a whole run, described field by field
/// in docs/reports.md. The format is versioned (`"version": 1`); fields are only added
/// within a version, and every documented field is always present (`null` when unknown).
/// Keys are sorted and the layout fixed, so the same results always give the same text.
package enum JSONReport {
    /// The report's format version.
    package static let version = 1

    /// The report as indented JSON text, ending with a newline.
    package static func render(_ summary: RunSummary) -> String {
        JSONWriter.pretty(document(summary)) + "\n"
    }

    /// Writes the report's text (the same as `render`) in pieces, one script at a time, so a
    /// report of many scripts never stands whole in memory.
    package static func write(_ summary: RunSummary, to sink: (String) throws -> Void) rethrows {
        // Keys in the order `pretty` sorts them: format, scripts, summary, version.
        try sink("{\n  \"format\": \"journey-report\",\n  \"scripts\": ")
        if summary.results.isEmpty {
            try sink("[]")
        } else {
            try sink("[\n")
            for (index, result) in summary.results.enumerated() {
                try writeScript(result, to: sink)
                try sink(index == summary.results.count - 1 ? "\n" : ",\n")
            }
            try sink("  ]")
        }
        try sink(",\n  \"summary\": " + JSONWriter.pretty(summaryObject(summary), indent: "  "))
        try sink(",\n  \"version\": \(version)\n}\n")
    }

    /// One script, its steps written one at a time into the place `pretty` gives them.
    private static func writeScript(_ result: JourneyResult, to sink: (String) throws -> Void) rethrows {
        let shell = JSONWriter.pretty(JSONTrace.script(result, steps: false), indent: "    ")
        let hole = "\n      \"steps\": []"
        guard !result.steps.isEmpty, let range = shell.range(of: hole) else { return try sink("    " + shell) }
        try sink("    " + shell[..<range.lowerBound] + "\n      \"steps\": [\n")
        let placement = FailurePlacement(result)
        for (index, step) in result.steps.enumerated() {
            let json = JSONTrace.step(step, failures: placement.byStep[step.number] ?? [])
            try sink("        " + JSONWriter.pretty(json, indent: "        "))
            try sink(index == result.steps.count - 1 ? "\n" : ",\n")
        }
        try sink("      ]" + shell[range.upperBound...])
    }

    /// The report as a JSON value, for callers that embed or inspect it.
    package static func document(_ summary: RunSummary) -> JSONValue {
        .object([
            "format": "journey-report",
            "version": .int(version),
            "summary": summaryObject(summary),
            "scripts": .array(summary.results.map { JSONTrace.script($0) }),
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
            "documentedFailures": .int(summary.documentedFailures),
            "exitCode": .int(Int(summary.exitCode)),
            "shard": summary.shard.map { .string($0.description) } ?? .null,
            "startedAt": .string(ReportTime.iso8601(summary.startedAt, fractionalSeconds: true)),
            "duration": JSONTrace.seconds(summary.duration),
        ])
    }
}

/// A ``Reporter`` that writes the JSON report once the run is over.
package struct JSONReporter: Reporter {
    package init() {}

    package func scriptFinished(_ result: JourneyResult) -> String { "" }

    package func finish(_ summary: RunSummary) -> String { JSONReport.render(summary) }

    /// The report a script at a time, as `--report json=` writes its file.
    package func finish(_ summary: RunSummary, to sink: (String) throws -> Void) rethrows {
        try JSONReport.write(summary, to: sink)
    }
}

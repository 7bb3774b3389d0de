import Foundation
import JourneyCore

extension LoadSummary {
    /// The summary as a table for people; server-sent stage names are escaped.
    package var text: String {
        var lines: [String] = []
        lines.append(
            "load: \(Plural.count(scripts.count, "script")), \(VisibleText.escaped(model)), \(LoadFormat.seconds(seconds))"
        )
        var counts =
            "journeys: \(journeys) (\(passed) passed, \(failed) failed = \(LoadFormat.percent(errorPercent))%), \(LoadFormat.number(rate))/s"
        if dropped > 0 { counts += ", \(dropped) dropped" }
        lines.append(counts)
        if !errors.isEmpty {
            let classes = LoadErrorClass.allCases.compactMap { kind in
                errors[kind.rawValue].map { "\(kind.rawValue) \($0)" }
            }
            lines.append("errors: " + classes.joined(separator: ", "))
        }
        if !amCodes.isEmpty {
            lines.append(
                "AM codes: "
                    + amCodes.sorted { $0.key < $1.key }.map { "\(VisibleText.escaped($0.key)) ×\($0.value)" }.joined(
                        separator: ", "))
        }
        let width = max(24, (steps.map { VisibleText.escaped($0.label).count } + [7]).max() ?? 24)
        func row(_ name: String, _ latency: LatencyHistogram) -> String {
            let figures =
                [50, 90, 99, 99.9].map { LoadFormat.milliseconds(latency.percentile($0)) } + [
                    LoadFormat.milliseconds(latency.max)
                ]
            return name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: " %8d", latency.count)
                + figures.map { $0.leftPadded(9) }.joined()
        }
        lines.append(
            "latency (ms)".padding(toLength: width, withPad: " ", startingAt: 0)
                + "    count      p50      p90      p99    p99.9      max")
        lines.append(row("journey", journey))
        if let added { lines.append(row(Self.addedLabel, added)) }
        for step in steps { lines.append(row(VisibleText.escaped(step.label), step.latency)) }
        for threshold in thresholds {
            lines.append(
                "threshold \(VisibleText.escaped(threshold.expression)): \(threshold.passed ? "ok" : "BROKEN") (\(threshold.actual))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The latency table's row of ``added``.
    static let addedLabel = "added by the runner"

    /// The JSON report, keys sorted.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The largest count a summary may hold (a million journeys a second for eleven days).
    static let maxCount = 1_000_000_000_000

    /// The most scripts a summary may name, and the longest name (bytes of UTF-8).
    static let maxScripts = 100_000
    static let maxScriptBytes = 4096
    /// The most error classes and AM codes a summary may count, each.
    static let maxCountedKeys = 10_000

    /// Reads a JSON report written by `journey load` (at most 64 MiB). A file whose `format` is
    /// not ``formatName``, or whose `version` is newer than ``currentVersion``, is refused; one
    /// without them is read as version 1.
    package static func read(_ data: Data, file: String) throws(LoadOptionError) -> LoadSummary {
        guard data.count <= maxReportBytes else { throw LoadOptionError("\(file) is larger than 64 MiB") }
        let summary: LoadSummary
        do {
            summary = try JSONDecoder().decode(LoadSummary.self, from: data)
        } catch {
            // Parsed a second time only to say why: a marker that names another format or version.
            try checkMarker(data, file: file)
            throw LoadOptionError("\(file) is not a journey load report: \(error)")
        }
        try check(format: summary.format, version: summary.version, file: file)
        // Counts a run can reach, so that merging shards can neither overflow nor go negative.
        let counts =
            [summary.journeys, summary.passed, summary.dropped] + Array(summary.errors.values)
            + Array(summary.amCodes.values) + summary.timeline.flatMap { [$0.journeys, $0.errors, $0.second] }
        guard counts.allSatisfy({ (0...maxCount).contains($0) }), summary.passed <= summary.journeys,
            summary.seconds.isFinite, summary.seconds >= 0, summary.timeline.count <= 1_000_000,
            summary.steps.count <= 10_000
        else {
            throw LoadOptionError("\(file) is not a journey load report: a count is out of range")
        }
        try checkSizes(summary, file: file)
        return summary
    }

    /// Refuses lists a run cannot write, so that a merge stays small: scripts, their names, and
    /// the keys of the error and AM-code counts.
    private static func checkSizes(_ summary: LoadSummary, file: String) throws(LoadOptionError) {
        guard summary.scripts.count <= maxScripts else {
            throw LoadOptionError(
                "\(file) names \(summary.scripts.count) scripts; a load summary names at most \(maxScripts)")
        }
        guard summary.scripts.allSatisfy({ $0.utf8.count <= maxScriptBytes }) else {
            throw LoadOptionError("\(file) names a script longer than \(maxScriptBytes) bytes")
        }
        guard summary.errors.count <= maxCountedKeys, summary.amCodes.count <= maxCountedKeys else {
            throw LoadOptionError(
                "\(file) counts more than \(maxCountedKeys) error classes or AM codes; a load summary counts at most \(maxCountedKeys)"
            )
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}

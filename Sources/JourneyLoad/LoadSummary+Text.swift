import Foundation
import JourneyCore

extension LoadSummary {
    /// The summary as a table for people; server-sent stage names are escaped.
    public var text: String {
        var lines: [String] = []
        lines.append(
            "load: \(scripts.count) script\(scripts.count == 1 ? "" : "s"), \(model), \(LoadFormat.seconds(seconds))")
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
                    + amCodes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
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
        for step in steps { lines.append(row(VisibleText.escaped(step.label), step.latency)) }
        for threshold in thresholds {
            lines.append(
                "threshold \(VisibleText.escaped(threshold.expression)): \(threshold.passed ? "ok" : "BROKEN") (\(threshold.actual))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The JSON report, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads a JSON report written by `journey load` (at most 64 MiB).
    public static func read(_ data: Data, file: String) throws(LoadOptionError) -> LoadSummary {
        guard data.count <= 64 * 1024 * 1024 else { throw LoadOptionError("\(file) is larger than 64 MiB") }
        do {
            return try JSONDecoder().decode(LoadSummary.self, from: data)
        } catch {
            throw LoadOptionError("\(file) is not a journey load report: \(error)")
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}

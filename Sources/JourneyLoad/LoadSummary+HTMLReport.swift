import Foundation
import JourneyKit

/// The HTML page of a load run: counts, errors, thresholds, the latency table, and two inline
/// SVG charts (p50/p99 per second, latency by percentile). Rendered by JourneyKit's mustache
/// templates; this builds their context, whose chart points are numbers only.
extension LoadSummary {
    package var html: String { HTMLReport.renderLoad(htmlContext) }

    /// The chart's frame in SVG units.
    private static var chart: [String: Any] {
        [
            "width": 800, "height": 260, "left": 60, "right": 790, "top": 10, "bottom": 240, "topLabel": 20,
            "rightLabel": 750,
        ]
    }

    var htmlContext: [String: Any] {
        func milliseconds(_ microseconds: UInt64) -> String { LoadFormat.milliseconds(microseconds) }
        func row(_ label: String, _ latency: LatencyHistogram) -> [String: Any] {
            [
                "label": label, "count": String(latency.count), "p50": milliseconds(latency.percentile(50)),
                "p90": milliseconds(latency.percentile(90)), "p99": milliseconds(latency.percentile(99)),
                "p999": milliseconds(latency.percentile(99.9)), "max": milliseconds(latency.max),
            ]
        }
        let errorItems = LoadErrorClass.allCases.compactMap { kind in
            errors[kind.rawValue].map { ["name": kind.rawValue, "count": String($0)] }
        }
        let codeItems = amCodes.sorted { $0.key < $1.key }.map { ["name": $0.key, "count": String($0.value)] }
        return [
            "model": model, "seconds": LoadFormat.seconds(seconds), "exitCode": passedGate ? "0" : "1",
            "verdict": passedGate ? "passed" : "failed", "journeys": String(journeys), "passed": String(passed),
            "failed": String(failed), "hasFailed": failed > 0, "rate": LoadFormat.number(rate),
            "dropped": String(dropped), "hasDropped": dropped > 0, "hasErrors": !errorItems.isEmpty,
            "errors": errorItems, "amCodes": codeItems, "hasThresholds": !thresholds.isEmpty,
            "thresholds": thresholds.map { ["expression": $0.expression, "actual": $0.actual, "passed": $0.passed] },
            "rows": [row("journey", journey)] + (added.map { [row(Self.addedLabel, $0)] } ?? [])
                + steps.map { row($0.label, $0.latency) }, "chart": Self.chart,
            "overTime": overTimeChart, "distribution": distributionChart,
        ]
    }

    private var overTimeChart: [String: Any] {
        let top = max(1, timeline.map(\.p99).max() ?? 1)
        let last = max(1, timeline.map(\.second).max() ?? 1)
        func points(_ value: (TimelinePoint) -> UInt64) -> String {
            timeline.map { point in
                Self.point(x: Double(point.second) / Double(last), y: Double(value(point)) / Double(top))
            }.joined(separator: " ")
        }
        return [
            "p50": points(\.p50), "p99": points(\.p99), "max": LoadFormat.milliseconds(top), "seconds": String(last),
        ]
    }

    /// Latency against percentile with the x axis in "nines" (−log10(1 − p)), as HdrHistogram plots it.
    private var distributionChart: [String: Any] {
        let maximumNines = 4.0
        let percentiles = stride(from: 0.0, through: 90, by: 10).map { $0 } + [95, 97, 99, 99.5, 99.9, 99.95, 99.99]
        let top = max(1, journey.max)
        let points = percentiles.map { percentile in
            Self.point(
                x: min(maximumNines, -log10(1 - percentile / 100)) / maximumNines,
                y: Double(journey.percentile(percentile)) / Double(top))
        }
        let ticks = [("0", 0.0), ("90", 1), ("99", 2), ("99.9", 3), ("99.99", 4)].map { label, nines in
            ["label": label, "x": String(Int(60 + nines / maximumNines * 700))] as [String: Any]
        }
        return ["points": points.joined(separator: " "), "max": LoadFormat.milliseconds(top), "ticks": ticks]
    }

    /// A point of the 730 × 230 plot area, from fractions of its width and height.
    private static func point(x: Double, y: Double) -> String {
        String(format: "%.1f,%.1f", 60 + x * 730, 240 - min(1, y) * 230)
    }
}

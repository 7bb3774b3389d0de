/// A `--threshold` a load run must keep, such as `journey.p99<300ms`, `errors<0.1%`,
/// `rate>=100/s`, `dropped==0` or `added.p99<1ms`. A broken threshold makes `journey load` exit 1.
package struct LoadThreshold: Sendable, Equatable {
    /// Whose latency a percentile, mean or max threshold reads.
    package enum Latency: String, Sendable, Equatable {
        /// Each journey's latency.
        case journey
        /// What the runner added to it (``LoadSummary/added``).
        case added
    }

    package enum Metric: Sendable, Equatable {
        /// Latency at a percentile (0–100), in seconds.
        case percentile(Double)
        case mean
        case max
        /// Journeys that did not pass: a share in percent, or a count.
        case errors
        /// Journeys per second.
        case rate
        /// Arrivals dropped by the open model.
        case dropped
    }

    package enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "=="
        case less = "<"
        case greater = ">"

        func holds(_ actual: Double, _ limit: Double) -> Bool {
            switch self {
            case .less: actual < limit
            case .lessOrEqual: actual <= limit
            case .greater: actual > limit
            case .greaterOrEqual: actual >= limit
            case .equal: actual == limit
            }
        }
    }

    /// The threshold as given.
    package let expression: String
    /// Whose latency a percentile, mean or max reads (`journey.` or `added.`).
    package let latency: Latency
    package let metric: Metric
    package let comparison: Comparison
    /// Seconds for latencies, percent when `isPercent`, else a count or a rate.
    package let limit: Double
    package let isPercent: Bool

    package static let help =
        "journey.p50|p90|p95|p99|p99.9|mean|max (or added.… for the runner's share) against a duration (300ms), errors against a share (0.1%) or a count, rate against journeys/s, dropped against a count"

    package static func parse(_ text: String) throws(LoadOptionError) -> LoadThreshold {
        let compact = text.filter { !$0.isWhitespace }
        guard let comparison = Comparison.allCases.first(where: { compact.contains($0.rawValue) }),
            let range = compact.range(of: comparison.rawValue)
        else {
            throw LoadOptionError("--threshold '\(text)' has no comparison (<, <=, >, >=, ==); it takes \(help)")
        }
        let name = String(compact[..<range.lowerBound]).lowercased()
        let value = String(compact[range.upperBound...])
        let metric: Metric
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let latency = parts.first.flatMap { Latency(rawValue: $0) } ?? .journey
        switch (parts.count == 2 ? Latency(rawValue: parts[0]) : nil, parts.count == 2 ? parts[1] : name) {
        case (.some, "mean"): metric = .mean
        case (.some, "max"): metric = .max
        case (nil, "errors"): metric = .errors
        case (nil, "rate"): metric = .rate
        case (nil, "dropped"): metric = .dropped
        case (.some, let field):
            guard field.hasPrefix("p"), let percentile = Double(field.dropFirst()), percentile > 0, percentile <= 100
            else { throw LoadOptionError("--threshold '\(text)': unknown metric '\(name)'; it takes \(help)") }
            metric = .percentile(percentile)
        default:
            throw LoadOptionError("--threshold '\(text)': unknown metric '\(name)'; it takes \(help)")
        }
        switch metric {
        case .percentile, .mean, .max:
            let seconds = try LoadQuantity.seconds(value, option: "--threshold '\(text)'")
            return LoadThreshold(
                expression: text, latency: latency, metric: metric, comparison: comparison, limit: seconds,
                isPercent: false)
        case .errors, .dropped:
            let isPercent = value.hasSuffix("%")
            guard let number = Double(isPercent ? String(value.dropLast()) : value), number >= 0,
                !isPercent || number <= 100, number <= 1e12
            else { throw LoadOptionError("--threshold '\(text)' takes a count or a share such as 0.1%") }
            return LoadThreshold(
                expression: text, latency: .journey, metric: metric, comparison: comparison, limit: number,
                isPercent: isPercent)
        case .rate:
            let rate = try LoadQuantity.rate(value, option: "--threshold '\(text)'")
            return LoadThreshold(
                expression: text, latency: .journey, metric: metric, comparison: comparison, limit: rate,
                isPercent: false)
        }
    }

    /// Whether `summary` keeps this threshold, with the measured value as text.
    package func evaluate(_ summary: LoadSummary) -> LoadSummary.ThresholdResult {
        let actual: Double
        let text: String
        let histogram = latency == .journey ? summary.journey : summary.added
        switch metric {
        case .percentile, .mean, .max:
            guard let histogram else {
                return LoadSummary.ThresholdResult(
                    expression: expression, actual: "not measured: the server sent no Server-Timing", passed: false)
            }
            let microseconds: UInt64
            switch metric {
            case .percentile(let percentile): microseconds = histogram.percentile(percentile)
            case .mean: microseconds = UInt64(histogram.mean)
            default: microseconds = histogram.max
            }
            actual = metric == .mean ? histogram.mean / 1_000_000 : Double(microseconds) / 1_000_000
            text = "\(LoadFormat.milliseconds(microseconds)) ms"
        case .errors, .dropped:
            let count = metric == .errors ? summary.failed : summary.dropped
            let arrivals = summary.journeys + (metric == .dropped ? summary.dropped : 0)
            let percent = arrivals > 0 ? Double(count) * 100 / Double(arrivals) : 0
            actual = isPercent ? percent : Double(count)
            text = isPercent ? "\(LoadFormat.percent(percent))%" : String(count)
        case .rate:
            actual = summary.rate
            text = "\(LoadFormat.number(summary.rate))/s"
        }
        return LoadSummary.ThresholdResult(
            expression: expression, actual: text, passed: comparison.holds(actual, limit))
    }
}

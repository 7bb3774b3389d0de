import Histogram

/// Latencies in microseconds, up to an hour, to three significant digits (HdrHistogram). Written
/// to JSON as `[value, count]` pairs of the recorded buckets, so reports from shards merge by
/// adding histograms, never by averaging percentiles.
package struct LatencyHistogram: Sendable, Codable, Equatable {
    package private(set) var histogram = Histogram<UInt64>(
        highestTrackableValue: Self.highest, numberOfSignificantValueDigits: .three)

    /// One hour in microseconds; longer values are recorded as an hour.
    package static let highest: UInt64 = 3_600_000_000

    package init() {}

    package mutating func record(seconds: Double) {
        let microseconds = seconds.isFinite ? Swift.max(0, seconds * 1_000_000) : Double(Self.highest)
        _ = histogram.record(Swift.min(Self.highest, UInt64(Swift.min(microseconds.rounded(), Double(Self.highest)))))
    }

    package mutating func add(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
    }

    package mutating func reset() { histogram.reset() }

    package var count: UInt64 { histogram.totalCount }

    /// The value at `percentile` (0–100) in microseconds; 0 when nothing was recorded.
    package func percentile(_ percentile: Double) -> UInt64 {
        count == 0 ? 0 : histogram.valueAtPercentile(percentile)
    }

    package var mean: Double { count == 0 ? 0 : histogram.mean }
    package var max: UInt64 { count == 0 ? 0 : histogram.max }

    package static func == (lhs: LatencyHistogram, rhs: LatencyHistogram) -> Bool {
        lhs.buckets.elementsEqual(rhs.buckets) { $0 == $1 }
    }

    /// The recorded buckets: each bucket's highest equivalent value and its count.
    package var buckets: [[UInt64]] {
        histogram.recordedValues().map { [$0.value, $0.count] }
    }

    package init(from decoder: any Decoder) throws {
        let pairs = try [[UInt64]](from: decoder)
        guard pairs.count <= 1_000_000 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "too many buckets"))
        }
        for pair in pairs {
            guard pair.count == 2, pair[0] <= Self.highest, pair[1] <= 1_000_000_000_000 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "a bucket is [value, count], a value up to an hour and a count up to 10^12"))
            }
            _ = histogram.record(pair[0], count: pair[1])
        }
    }

    package func encode(to encoder: any Encoder) throws {
        try buckets.encode(to: encoder)
    }
}

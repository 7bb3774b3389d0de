import Foundation
import JourneyLoad
import Testing

/// Latency histograms: percentiles to three significant digits, JSON that merges by adding.
@Suite struct LatencyHistogramTests {
    @Test func percentilesKeepThreeSignificantDigits() {
        var histogram = LatencyHistogram()
        for millisecond in 1...1000 { histogram.record(seconds: Double(millisecond) / 1000) }
        #expect(histogram.count == 1000)
        let p50 = Double(histogram.percentile(50))
        let p99 = Double(histogram.percentile(99))
        #expect(abs(p50 - 500_000) / 500_000 < 0.001)
        #expect(abs(p99 - 990_000) / 990_000 < 0.001)
        #expect(LatencyHistogram().percentile(99) == 0)
    }

    @Test func jsonRoundTripsAndAddsUp() throws {
        var first = LatencyHistogram()
        var second = LatencyHistogram()
        for value in [0.001, 0.002, 0.003] { first.record(seconds: value) }
        for value in [0.010, 0.020] { second.record(seconds: value) }
        let decoded = try JSONDecoder().decode(LatencyHistogram.self, from: JSONEncoder().encode(first))
        #expect(decoded == first)
        var total = decoded
        total.add(second)
        #expect(total.count == 5)
        #expect(total.max == second.max)
    }

    @Test func valuesOutOfRangeAreClampedNotLost() {
        var histogram = LatencyHistogram()
        histogram.record(seconds: -1)
        histogram.record(seconds: .infinity)
        histogram.record(seconds: 1e9)
        #expect(histogram.count == 3)
        #expect(histogram.max <= LatencyHistogram.highest + LatencyHistogram.highest / 1000)
    }

    @Test(arguments: [#"[[1]]"#, #"[[99999999999999,1]]"#, #"{"a":1}"#])
    func malformedHistogramsAreRefused(_ json: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(LatencyHistogram.self, from: Data(json.utf8)) }
    }
}

extension LatencyHistogramTests {
    /// Counts from a file cannot make a merge overflow.
    @Test func countsBeyondWhatARunReachesAreRefused() {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(LatencyHistogram.self, from: Data("[[1,18446744073709551615]]".utf8))
        }
        let summary =
            #"{"model":"m","scripts":[],"seconds":1,"journeys":9223372036854775807,"passed":0,"dropped":0,"errors":{},"amCodes":{},"journey":[],"steps":[],"timeline":[],"thresholds":[]}"#
        #expect(throws: LoadOptionError.self) { try LoadSummary.read(Data(summary.utf8), file: "big.json") }
    }
}

import Foundation
import Testing

@testable import JourneyCore

/// FixedDecimal writes what `String(format: "%.Nf")` writes, ties and signs included.
@Suite struct FixedDecimalTests {
    @Test(arguments: 0...3)
    func writesWhatPrintfWrites(decimals: Int) {
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.25, 0.125, 1.15, 2.675, 1.005, 0.05, 0.0005, .leastNonzeroMagnitude, 1e-300,
            999_999_999_999_999.9, 1e15, 1e300, .nan, .infinity, -.infinity,
        ]
        // Exact ties at every position, then values spread over the range reports print.
        for index in 0..<4000 {
            values.append((Double(index) + 0.5) / pow(10, Double(decimals)))
            values.append(Double(index) * 0.000_137 + Double(index % 7) * 12.5)
            values.append(-Double(index) / 8192)
        }
        for value in values {
            #expect(
                FixedDecimal.format(value, decimals: decimals) == String(format: "%.\(decimals)f", value),
                "\(value) with \(decimals) decimals")
        }
    }
}

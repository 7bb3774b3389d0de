import Foundation

/// Durations written as text: `30`, `1.5`, `30s`, `500ms`, `2m`, `1h` (scripts and load options).
package enum DurationText {
    /// A suffix and the seconds one of it is worth.
    package typealias Unit = (suffix: String, factor: Double)

    /// The units scripts accept: `ms`, `s`, `m`, `h`.
    package static let units: [Unit] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    /// The script units and `us` (load options).
    package static let unitsWithMicroseconds: [Unit] = [
        ("ms", 0.001), ("us", 0.000_001), ("s", 1), ("m", 60), ("h", 3600),
    ]

    /// Seconds from a bare number or a number with one of `units`; nil when the text is neither.
    /// Surrounding spaces are ignored; suffixes are case-sensitive. The sign and range are the caller's to check.
    package static func seconds(parsing text: String, units: [Unit] = units) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count)
            if let value = Double(number), value.isFinite { return value * unit.factor }
        }
        if let value = Double(trimmed), value.isFinite { return value }
        return nil
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

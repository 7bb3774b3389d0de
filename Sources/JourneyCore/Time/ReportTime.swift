import Foundation

/// How reports write durations and instants. Fixed formats, independent of the locale; the
/// numbers as `printf("%.Nf")` writes them (FixedDecimal).
package enum ReportTime {
    /// Milliseconds with one decimal: `12.3 ms`.
    package static func milliseconds(_ seconds: Double) -> String {
        FixedDecimal.format(seconds * 1000, decimals: 1) + " ms"
    }

    /// A script's duration: whole milliseconds under a second (`41 ms`), else seconds (`1.25 s`).
    package static func short(_ seconds: Double) -> String {
        seconds < 1
            ? FixedDecimal.format(seconds * 1000, decimals: 0) + " ms"
            : FixedDecimal.format(seconds, decimals: 2) + " s"
    }

    /// Seconds with two decimals: `0.35 s`.
    package static func seconds(_ seconds: Double) -> String {
        FixedDecimal.format(seconds, decimals: 2) + " s"
    }

    /// Seconds with three decimals and no unit, as JUnit wants: `0.041`.
    package static func junitSeconds(_ seconds: Double) -> String {
        FixedDecimal.format(seconds.isFinite ? max(0, seconds) : 0, decimals: 3)
    }

    /// ISO 8601 in UTC: `2025-03-01T09:30:00Z`, or with milliseconds `2025-03-01T09:30:00.250Z`
    /// (rounded to the nearest millisecond).
    package static func iso8601(_ date: Date, fractionalSeconds: Bool = false) -> String {
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return date.formatted(style) }
        let whole = (milliseconds / 1000).rounded(.down)
        let text = Date(timeIntervalSince1970: whole).formatted(style)
        guard fractionalSeconds, text.hasSuffix("Z") else { return text }
        let fraction = String(Int(milliseconds - whole * 1000))
        return text.dropLast() + "." + String(repeating: "0", count: max(0, 3 - fraction.count)) + fraction + "Z"
    }

    /// An ISO 8601 time as reports and HARs write it, with or without fractional seconds; nil when it is none.
    package static func date(parsing text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}

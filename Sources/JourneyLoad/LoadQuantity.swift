import JourneyCore

/// Why a load option's value is not acceptable.
package struct LoadOptionError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// The quantities load options are written in: durations (`500ms`, `30s`, `5m`, `1h`) and rates
/// (`200/s`, `600/m`).
package enum LoadQuantity {
    /// The longest load run: a day.
    package static let maxSeconds: Double = 86_400

    /// Seconds in a duration such as `30s`; a bare number is seconds. Range: 0 to a day.
    package static func seconds(_ text: String, option: String) throws(LoadOptionError) -> Double {
        guard
            let seconds = DurationText.seconds(parsing: text.lowercased(), units: DurationText.unitsWithMicroseconds),
            seconds >= 0, seconds <= maxSeconds
        else {
            throw LoadOptionError("\(option) takes a duration from 0 to 24h such as 500ms, 30s or 5m, got '\(text)'")
        }
        return seconds
    }

    /// Journeys per second in a rate such as `200/s` or `600/m`. Range: above 0, at most 100,000/s.
    package static func rate(_ text: String, option: String) throws(LoadOptionError) -> Double {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(separator: "/")
        let per: Double
        switch parts.count == 2 ? String(parts[1]) : "s" {
        case "s": per = 1
        case "m": per = 60
        case "h": per = 3600
        default: throw LoadOptionError("\(option) takes a rate such as 200/s or 600/m, got '\(text)'")
        }
        guard let first = parts.first, let count = Double(first), count.isFinite, count > 0, count / per <= 100_000
        else {
            throw LoadOptionError("\(option) takes a rate above 0 and at most 100000/s, such as 200/s, got '\(text)'")
        }
        return count / per
    }
}

import JourneyCore

/// How journeys are started.
package enum LoadModel: Sendable, Equatable {
    /// Journeys arrive at `rate` per second (reached linearly over `ramp` seconds) whatever the
    /// server does; at most `maxInFlight` run at once, and arrivals beyond that are dropped and
    /// counted. Latency counts from each journey's scheduled start.
    case open(rate: Double, ramp: Double, maxInFlight: Int)
    /// `users` virtual users each run a journey, wait `think` seconds, and start again.
    case closed(users: Int, think: Double)

    /// `open 200/s (ramp 30s)` or `closed 64 users (think 0.5s)`, for the summary.
    package var summary: String {
        switch self {
        case .open(let rate, let ramp, _):
            return "open model, \(LoadFormat.number(rate))/s"
                + (ramp > 0 ? " after a \(LoadFormat.seconds(ramp)) ramp" : "")
        case .closed(let users, let think):
            return "closed model, \(Plural.count(users, "user"))"
                + (think > 0 ? ", \(LoadFormat.seconds(think)) think time" : "")
        }
    }
}

extension LoadModel {
    /// What one of `count` shards runs: its share of the rate, or of the users.
    func shardShare(_ count: Int) -> String {
        switch self {
        case .open(let rate, _, _): return "\(LoadFormat.number(rate / Double(count)))/s"
        case .closed(let users, _): return "\(users / count)–\((users + count - 1) / count) users"
        }
    }
}

/// When the open model starts each journey: a linear ramp from 0 to `rate` over `ramp` seconds,
/// then `rate` per second.
package struct ArrivalSchedule: Sendable {
    package let rate: Double
    package let ramp: Double

    package init(rate: Double, ramp: Double) {
        self.rate = rate
        self.ramp = ramp
    }

    /// Seconds from the start at which journey `index` (0-based) is due. During the ramp the
    /// arrivals so far are `rate·t²/(2·ramp)`; after it, `rate·ramp/2 + rate·(t − ramp)`.
    package func offset(of index: Int) -> Double {
        let arrivals = Double(index)
        let duringRamp = rate * ramp / 2
        if ramp > 0, arrivals < duringRamp { return (2 * arrivals * ramp / rate).squareRoot() }
        return ramp + (arrivals - duringRamp) / rate
    }
}

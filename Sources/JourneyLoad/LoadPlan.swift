import JourneyKit

/// A load run as its options describe it: the model, how long, each user's data, the thresholds.
package struct LoadPlan: Sendable {
    package let model: LoadModel
    package let duration: Double
    package let data: LoadData?
    package let thresholds: [LoadThreshold]
    /// This machine's part of a load split across machines: 1/N of the rate, or every Nth user.
    package var shard: Shard?

    package init(model: LoadModel, duration: Double, data: LoadData? = nil, thresholds: [LoadThreshold] = []) {
        self.model = model
        self.duration = duration
        self.data = data
        self.thresholds = thresholds
    }

    /// The plan of `journey load`'s options, each value parsed and range-checked.
    package init(
        rate: String?, ramp: String, users: Int?, think: String, duration: String, maxInFlight: Int,
        data: String?, thresholds: [String]
    ) throws(LoadOptionError) {
        let seconds = try LoadQuantity.seconds(duration, option: "--duration")
        guard seconds > 0 else { throw LoadOptionError("--duration must be above 0") }
        if let rate {
            let perSecond = try LoadQuantity.rate(rate, option: "--rate")
            model = .open(
                rate: perSecond, ramp: try LoadQuantity.seconds(ramp, option: "--ramp"), maxInFlight: maxInFlight)
        } else if let users {
            model = .closed(users: users, think: try LoadQuantity.seconds(think, option: "--think"))
        } else {
            throw LoadOptionError("give exactly one of --rate and --users")
        }
        self.duration = seconds
        self.data = try data.map { path throws(LoadOptionError) in try LoadData.load(path: path) }
        var parsed: [LoadThreshold] = []
        for text in thresholds { parsed.append(try LoadThreshold.parse(text)) }
        self.thresholds = parsed
    }

    /// Runs `scripts` under this plan and judges the thresholds.
    /// `onJourney` sees each finished journey (the OpenTelemetry export).
    package func run(
        _ scripts: [LoadScript], progress: (@Sendable (String) -> Void)? = nil,
        onJourney: (@Sendable (JourneyResult) -> Void)? = nil
    ) async -> LoadSummary {
        let runner = LoadRunner(
            scripts: scripts, model: model, duration: duration, data: data, shard: shard, onJourney: onJourney)
        var summary = await runner.run(progress: progress)
        summary.thresholds = thresholds.map { $0.evaluate(summary) }
        return summary
    }
}

extension LoadSummary {
    /// The load's verdict: its thresholds held (and some journey ran, so a latency threshold
    /// measured something); without thresholds, every journey passed and no arrival was dropped.
    package var passedGate: Bool {
        thresholds.isEmpty ? failed == 0 && dropped == 0 : thresholdsHeld && journeys > 0
    }
}

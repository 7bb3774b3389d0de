import Foundation
import JourneyKit

/// One script of a load run, ready to run many times.
package struct LoadScript: Sendable {
    package let file: String
    package let journey: CompiledJourney
    package let configuration: RunConfiguration

    package init(file: String, journey: CompiledJourney, configuration: RunConfiguration) {
        self.file = file
        self.journey = journey
        self.configuration = configuration
    }
}

/// Runs scripts as a load: arrivals of the open model or loops of the closed one, for
/// `duration` seconds. Each journey gets the variables `vu` (its virtual user, or arrival, number
/// from 1) and `iteration` (from 1), and its row of `data`; scripts take turns.
package struct LoadRunner: Sendable {
    package let scripts: [LoadScript]
    package let model: LoadModel
    package let duration: Double
    package let data: LoadData?
    /// This machine's part: the open model runs 1/N of the rate, as arrivals I, I+N, I+2N... of
    /// the whole load; the closed model runs users I, I+N... So `vu` and the `--data` rows of
    /// the shards never collide, and their summaries merge into the whole load's.
    package let shard: Shard?
    package let onJourney: (@Sendable (JourneyResult) -> Void)?

    package init(
        scripts: [LoadScript], model: LoadModel, duration: Double, data: LoadData?, shard: Shard? = nil,
        onJourney: (@Sendable (JourneyResult) -> Void)? = nil
    ) {
        self.scripts = scripts
        self.model = model
        self.duration = duration
        self.data = data
        self.shard = shard
        self.onJourney = onJourney
    }

    /// The whole load's number of this machine's `local`-th arrival or user.
    private func global(_ local: Int) -> Int {
        guard let shard else { return local }
        return local * shard.count + shard.index - 1
    }

    /// Runs the load; `progress`, when given, gets one line a second.
    package func run(progress: (@Sendable (String) -> Void)? = nil) async -> LoadSummary {
        let recorder = LoadRecorder()
        let clock = ContinuousClock()
        let start = clock.now
        let ticker = Task {
            var second = 0
            while !Task.isCancelled {
                try? await clock.sleep(until: start + .seconds(second + 1))
                if Task.isCancelled { break }
                second += 1
                let point = recorder.tick(second: second)
                if let progress {
                    let totals = recorder.totals
                    progress(
                        "\(second)s: \(point.journeys) journeys/s, p50 \(LoadFormat.milliseconds(point.p50)) ms, p99 \(LoadFormat.milliseconds(point.p99)) ms, \(totals.inFlight) running, \(totals.failed) failed of \(totals.journeys)"
                    )
                }
            }
        }
        switch model {
        case .open(let rate, let ramp, let maxInFlight):
            await runOpen(
                ArrivalSchedule(rate: rate / Double(shard?.count ?? 1), ramp: ramp), maxInFlight: maxInFlight,
                recorder: recorder, start: start)
        case .closed(let users, let think):
            await runClosed(users: users, think: think, recorder: recorder, start: start)
        }
        ticker.cancel()
        // Journeys start over the whole duration even when the last one ends early.
        let seconds = max(duration, Self.seconds(clock.now - start))
        var description = model.summary
        if let shard { description += " (shard \(shard.index)/\(shard.count): \(model.shardShare(shard.count)))" }
        var summary = recorder.summary(model: description, scripts: scripts.map(\.file), seconds: seconds)
        summary.shard = shard?.description
        return summary
    }

    private func runOpen(
        _ schedule: ArrivalSchedule, maxInFlight: Int, recorder: LoadRecorder, start: ContinuousClock.Instant
    ) async {
        let clock = ContinuousClock()
        let end = start + .seconds(duration)
        await withDiscardingTaskGroup { group in
            var index = 0
            while true {
                let due = start + .seconds(schedule.offset(of: index))
                guard due < end else { break }
                if due > clock.now { try? await clock.sleep(until: due) }
                let arrival = index
                index += 1
                guard recorder.begin(limit: maxInFlight) else { continue }
                group.addTask {
                    let result = await self.journey(number: self.global(arrival), user: self.global(arrival))
                    recorder.finish(result, latency: Self.seconds(clock.now - due))
                }
            }
        }
    }

    private func runClosed(users: Int, think: Double, recorder: LoadRecorder, start: ContinuousClock.Instant) async {
        let clock = ContinuousClock()
        let end = start + .seconds(duration)
        await withDiscardingTaskGroup { group in
            for user in 0..<users where shard?.contains(position: user) ?? true {
                group.addTask {
                    var iteration = 0
                    while clock.now < end {
                        guard recorder.begin(limit: Int.max) else { return }
                        let began = clock.now
                        let result = await self.journey(
                            number: iteration * users + user, user: user, iteration: iteration)
                        recorder.finish(result, latency: Self.seconds(clock.now - began))
                        iteration += 1
                        if think > 0 {
                            let wake = clock.now + .seconds(think)
                            guard wake < end else { return }
                            try? await clock.sleep(until: wake)
                        }
                    }
                }
            }
        }
    }

    /// Runs journey `number` (which picks the script) for virtual user `user`.
    private func journey(number: Int, user: Int, iteration: Int = 0) async -> JourneyResult {
        let script = scripts[number % scripts.count]
        var configuration = script.configuration
        configuration.keepsExchangeBodies = false
        if let data { configuration.variables.merge(data.variables(for: user)) { _, row in row } }
        configuration.variables["vu"] = String(user + 1)
        configuration.variables["iteration"] = String(iteration + 1)
        let result = await JourneyDriver.run(script.journey, configuration: configuration)
        onJourney?(result)
        return result
    }

    static func seconds(_ duration: Duration) -> Double {
        duration.inSeconds
    }
}

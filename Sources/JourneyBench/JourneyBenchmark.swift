import Foundation
import JourneyCore
import JourneyKit

/// Runs one compiled journey many times at a given concurrency and measures the runner:
/// journeys per second, round-trip latency percentiles, and the runner's own time per
/// step (wall time minus time waiting on the transport).
struct JourneyBenchmark: Sendable {
    struct Figures: Sendable, CustomStringConvertible {
        var concurrency: Int
        var journeys: Int
        var passed: Int
        var seconds: Double
        var roundTrips: Int
        var roundTripP50: Double
        var roundTripP99: Double
        var runnerPerStepMean: Double
        var runnerPerStepP50: Double

        var journeysPerSecond: Double { Double(journeys) / max(seconds, 1e-9) }

        var description: String {
            String(
                format:
                    "concurrency %3d: %6d journeys (%d passed) in %.2f s = %8.1f journeys/s; round trip p50 %.3f ms, p99 %.3f ms; runner per step mean %.4f ms, p50 %.4f ms",
                concurrency, journeys, passed, seconds, journeysPerSecond, roundTripP50 * 1000, roundTripP99 * 1000,
                runnerPerStepMean * 1000, runnerPerStepP50 * 1000)
        }
    }

    let journey: CompiledJourney
    let configuration: RunConfiguration

    init(journey: CompiledJourney, configuration: RunConfiguration) {
        self.journey = journey
        self.configuration = configuration
    }

    /// Runs `count` journeys, `concurrency` at a time.
    func measure(count: Int, concurrency: Int) async -> Figures {
        let start = DispatchTime.now()
        var roundTrips: [Double] = []
        var runnerPerStep: [Double] = []
        var passed = 0
        roundTrips.reserveCapacity(count * 4)
        await withTaskGroup(of: (Bool, [Double], Double).self) { group in
            var launched = 0
            func launch() {
                guard launched < count else { return }
                launched += 1
                let journey = self.journey
                let configuration = self.configuration
                group.addTask {
                    let result = await JourneyDriver.run(journey, configuration: configuration)
                    let trips = result.steps.map(\.exchange.duration)
                    let runner = (result.duration - result.transportTime) / Double(max(1, trips.count))
                    return (result.status == .passed, trips, runner)
                }
            }
            for _ in 0..<max(1, concurrency) { launch() }
            while let (ok, trips, runner) = await group.next() {
                if ok { passed += 1 }
                roundTrips += trips
                runnerPerStep.append(runner)
                launch()
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        roundTrips.sort()
        runnerPerStep.sort()
        return Figures(
            concurrency: concurrency, journeys: count, passed: passed, seconds: seconds, roundTrips: roundTrips.count,
            roundTripP50: Self.percentile(roundTrips, 0.50), roundTripP99: Self.percentile(roundTrips, 0.99),
            runnerPerStepMean: runnerPerStep.reduce(0, +) / Double(max(1, runnerPerStep.count)),
            runnerPerStepP50: Self.percentile(runnerPerStep, 0.50))
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }
}

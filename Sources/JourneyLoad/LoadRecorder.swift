import JourneyKit
import Synchronization

/// Collects what journeys of a load run measured, from many tasks at once.
final class LoadRecorder: Sendable {
    private struct State {
        var journeys = 0
        var passed = 0
        var dropped = 0
        var inFlight = 0
        var errors: [String: Int] = [:]
        var amCodes: [String: Int] = [:]
        var journey = LatencyHistogram()
        var added = LatencyHistogram()
        var steps: [String: LatencyHistogram] = [:]
        var stepOrder: [String] = []
        var interval = LatencyHistogram()
        var intervalJourneys = 0
        var intervalErrors = 0
        var timeline: [LoadSummary.TimelinePoint] = []
    }

    private let state = Mutex(State())
    static let maxStepLabels = 256
    static let otherSteps = "other steps"

    /// Claims a place for a journey about to start; false (and the arrival counted as dropped)
    /// when `limit` journeys are already running.
    func begin(limit: Int) -> Bool {
        state.withLock { state in
            guard state.inFlight < limit else {
                state.dropped += 1
                return false
            }
            state.inFlight += 1
            return true
        }
    }

    /// Records a finished journey; `latency` is seconds from its (scheduled) start.
    func finish(_ result: JourneyResult, latency: Double) {
        let failure = LoadErrorClass(result)
        var code: String?
        if failure != nil, case .failure(let status, _, _, _)? = result.outcome { code = String(status) }
        let steps = result.steps.map { (Self.label(result, $0), $0.exchange.duration) }
        let added = Self.addedByRunner(result, latency: latency)
        state.withLock { state in
            state.inFlight -= 1
            state.journeys += 1
            state.intervalJourneys += 1
            state.journey.record(seconds: latency)
            state.interval.record(seconds: latency)
            if let added { state.added.record(seconds: added) }
            if let failure {
                state.errors[failure.rawValue, default: 0] += 1
                state.intervalErrors += 1
                if let code { state.amCodes[code, default: 0] += 1 }
            } else {
                state.passed += 1
            }
            for (stepLabel, seconds) in steps {
                var label = stepLabel
                if state.steps[label] == nil {
                    // A server that names its stages at random must not grow the report without bound.
                    if state.stepOrder.count >= Self.maxStepLabels { label = Self.otherSteps }
                    if state.steps[label] == nil { state.stepOrder.append(label) }
                }
                state.steps[label, default: LatencyHistogram()].record(seconds: seconds)
            }
        }
    }

    /// Closes the current second: its point joins the timeline and is returned.
    func tick(second: Int) -> LoadSummary.TimelinePoint {
        state.withLock { state in
            let point = LoadSummary.TimelinePoint(
                second: second, journeys: state.intervalJourneys, errors: state.intervalErrors,
                p50: state.interval.percentile(50), p99: state.interval.percentile(99))
            state.timeline.append(point)
            state.interval.reset()
            state.intervalJourneys = 0
            state.intervalErrors = 0
            return point
        }
    }

    /// Journeys finished and not passed so far, for the progress line.
    var totals: (journeys: Int, failed: Int, inFlight: Int) {
        state.withLock { ($0.journeys, $0.journeys - $0.passed, $0.inFlight) }
    }

    func summary(model: String, scripts: [String], seconds: Double) -> LoadSummary {
        state.withLock { state in
            LoadSummary(
                model: model, shard: nil, scripts: scripts, seconds: seconds, journeys: state.journeys,
                passed: state.passed, dropped: state.dropped, errors: state.errors, amCodes: state.amCodes,
                journey: state.journey, added: state.added.count > 0 ? state.added : nil,
                steps: state.stepOrder.compactMap { label in
                    state.steps[label].map { LoadSummary.StepLatency(label: label, latency: $0) }
                },
                timeline: state.timeline, thresholds: [])
        }
    }

    /// A journey's latency minus the time the server says it spent on each of its round trips
    /// (`Server-Timing`): the runner's own work, its queueing and the network. Nil unless every
    /// round trip of the journey carried the header.
    static func addedByRunner(_ result: JourneyResult, latency: Double) -> Double? {
        guard !result.steps.isEmpty else { return nil }
        var server = 0.0
        for exchange in result.steps.lazy.map(\.exchange) + result.sideExchanges {
            guard let seconds = exchange.serverDuration else { return nil }
            server += seconds
        }
        return max(0, latency - server)
    }

    /// `login.yaml step 2 (UsernamePassword)`: the script file's name, the step and its stage or
    /// callback types, so each step of each script has its own histogram.
    static func label(_ result: JourneyResult, _ step: StepTrace) -> String {
        let file = result.file.split(separator: "/").last.map(String.init) ?? result.file
        var label = "\(file) step \(step.number)"
        if let stage = step.stage, !stage.isEmpty {
            label += " (\(stage))"
        } else if let phase = step.phase {
            label += " (\(phase))"
        }
        return label
    }
}

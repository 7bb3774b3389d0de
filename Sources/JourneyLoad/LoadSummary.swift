/// What a load run measured: counts, error classes, latency histograms per journey and per
/// step, a per-second timeline, and the thresholds' verdicts. Its JSON form is the `--format
/// json` output and `--report json=FILE`; reports from shards merge with ``merged(_:)``.
package struct LoadSummary: Sendable, Codable, Equatable {
    /// Latency of one step of one script: round trips only, so a slow server shows here too.
    package struct StepLatency: Sendable, Codable, Equatable {
        package var label: String
        package var latency: LatencyHistogram
    }

    /// One second of the run.
    package struct TimelinePoint: Sendable, Codable, Equatable {
        package var second: Int
        package var journeys: Int
        package var errors: Int
        /// Journey latency percentiles in that second, in microseconds.
        package var p50: UInt64
        package var p99: UInt64
    }

    /// One `--threshold` and whether the run kept it.
    package struct ThresholdResult: Sendable, Codable, Equatable {
        package var expression: String
        package var actual: String
        package var passed: Bool
    }

    /// What the file is, so a reader can tell it from a run report: always ``formatName``.
    package internal(set) var format = Self.formatName
    /// The layout's version (``currentVersion``); a summary written without one is version 1.
    package internal(set) var version = Self.currentVersion
    package var model: String
    /// The part of a sharded load this machine ran (`I/N`), so `journey report merge` can tell a
    /// missing or repeated shard; nil for a whole load (and for a merged one).
    package var shard: String?
    package var scripts: [String]
    /// Wall seconds from the first start to the last end (the sum over shards when merged).
    package var seconds: Double
    package var journeys: Int
    package var passed: Int
    /// Arrivals the open model dropped because `--max-in-flight` journeys were running.
    package var dropped: Int
    package var errors: [String: Int]
    /// AM failure codes (`401`, ...) of the journeys that did not pass.
    package var amCodes: [String: Int]
    /// Journey latency; in the open model from each journey's scheduled start.
    package var journey: LatencyHistogram
    /// What the runner added to each journey's latency: the latency minus the time the server
    /// said it spent on the journey's round trips (its `Server-Timing` header, which the journey
    /// simulator sends). Absent when no journey's every round trip carried the header.
    package var added: LatencyHistogram?
    package var steps: [StepLatency]
    package var timeline: [TimelinePoint]
    package var thresholds: [ThresholdResult]

    package var failed: Int { journeys - passed }

    /// Journeys per second over the wall time.
    package var rate: Double { seconds > 0 ? Double(journeys) / seconds : 0 }

    /// The share of journeys that did not pass, in percent.
    package var errorPercent: Double { journeys > 0 ? Double(failed) * 100 / Double(journeys) : 0 }

    /// Whether every threshold held (a load run with broken thresholds exits 1).
    package var thresholdsHeld: Bool { thresholds.allSatisfy(\.passed) }

    /// Shards' summaries as one: counts and histograms added (never percentiles averaged), the
    /// longest wall time (shards run side by side), timelines' counts added second by second
    /// (a second's p50 and p99 are the highest of the shards': the timeline keeps no histogram).
    package static func merged(_ parts: [LoadSummary]) -> LoadSummary? {
        guard var total = parts.first else { return nil }
        total.shard = nil
        total.version = Self.currentVersion
        // The first part's model names its shard ("open model, 20/s (shard 1/2: 10/s)"): the whole load's does not.
        if let suffix = total.model.range(of: " (shard ") { total.model = String(total.model[..<suffix.lowerBound]) }
        var stepIndex = Dictionary(
            total.steps.enumerated().map { ($1.label, $0) }, uniquingKeysWith: { first, _ in first })
        var secondIndex = Dictionary(
            total.timeline.enumerated().map { ($1.second, $0) }, uniquingKeysWith: { first, _ in first })
        var scripts = Set(total.scripts)
        for part in parts.dropFirst() {
            total.scripts += part.scripts.filter { scripts.insert($0).inserted }
            total.seconds = max(total.seconds, part.seconds)
            total.journeys += part.journeys
            total.passed += part.passed
            total.dropped += part.dropped
            total.errors.merge(part.errors, uniquingKeysWith: +)
            total.amCodes.merge(part.amCodes, uniquingKeysWith: +)
            total.journey.add(part.journey)
            if let added = part.added {
                if total.added == nil { total.added = LatencyHistogram() }
                total.added?.add(added)
            }
            for step in part.steps {
                if let index = stepIndex[step.label] {
                    total.steps[index].latency.add(step.latency)
                } else {
                    stepIndex[step.label] = total.steps.count
                    total.steps.append(step)
                }
            }
            for point in part.timeline {
                if let index = secondIndex[point.second] {
                    total.timeline[index].journeys += point.journeys
                    total.timeline[index].errors += point.errors
                    total.timeline[index].p50 = max(total.timeline[index].p50, point.p50)
                    total.timeline[index].p99 = max(total.timeline[index].p99, point.p99)
                } else {
                    secondIndex[point.second] = total.timeline.count
                    total.timeline.append(point)
                }
            }
        }
        total.timeline.sort { $0.second < $1.second }
        // The shards' thresholds, judged again on the whole load.
        let expressions = parts.flatMap { $0.thresholds.map(\.expression) }
        var seen: Set<String> = []
        total.thresholds = expressions.filter { seen.insert($0).inserted }.compactMap { try? LoadThreshold.parse($0) }
            .map { $0.evaluate(total) }
        return total
    }
}

extension LoadSummary {
    /// Decodes a summary; `format` and `version` may be missing (version 1, written before they
    /// existed). ``read(_:file:)`` checks them first, with a message that says what is wrong.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            model: try container.decode(String.self, forKey: .model),
            shard: try container.decodeIfPresent(String.self, forKey: .shard),
            scripts: try container.decode([String].self, forKey: .scripts),
            seconds: try container.decode(Double.self, forKey: .seconds),
            journeys: try container.decode(Int.self, forKey: .journeys),
            passed: try container.decode(Int.self, forKey: .passed),
            dropped: try container.decode(Int.self, forKey: .dropped),
            errors: try container.decode([String: Int].self, forKey: .errors),
            amCodes: try container.decode([String: Int].self, forKey: .amCodes),
            journey: try container.decode(LatencyHistogram.self, forKey: .journey),
            added: try container.decodeIfPresent(LatencyHistogram.self, forKey: .added),
            steps: try container.decode([StepLatency].self, forKey: .steps),
            timeline: try container.decode([TimelinePoint].self, forKey: .timeline),
            thresholds: try container.decode([ThresholdResult].self, forKey: .thresholds))
        format = try container.decodeIfPresent(String.self, forKey: .format) ?? Self.formatName
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    }
}

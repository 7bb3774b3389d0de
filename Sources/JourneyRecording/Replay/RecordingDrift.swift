import Foundation
import JourneyCore
import JourneyRun

/// One step of a structural comparison between a recorded journey and another run of it.
package struct DriftItem: Sendable {
    /// 1-based round trip.
    package var step: Int
    package var recorded: StepShape?
    package var live: StepShape?
    /// How they differ; nil when the structure is the same.
    package var difference: String?

    package var line: String {
        let recordedText = recorded?.description ?? "nothing"
        let liveText = live?.description ?? "nothing"
        if let difference { return "step \(step): \(difference)  (recorded \(recordedText); live \(liveText))" }
        return "step \(step): same  \(recordedText)"
    }
}

/// Structural drift: callback signatures (type, prompt, input names, HiddenValueCallback id,
/// MetadataCallback `_type` / `_action`), stages and outcomes, step by step. Values that
/// change every run (authIds, tokens, nonces) are not structure.
package enum RecordingDrift {
    /// The shape of each response of `journey`.
    package static func shapes(_ journey: RecordedJourney) -> [StepShape] {
        journey.exchanges.map(StepShape.init)
    }

    /// The steps of `live` compared with those of `recorded`.
    package static func compare(recorded: RecordedJourney, live: RecordedJourney) -> [DriftItem] {
        compare(recorded: shapes(recorded), live: shapes(live))
    }

    package static func compare(recorded: [StepShape], live: [StepShape]) -> [DriftItem] {
        (0..<max(recorded.count, live.count)).map { index in
            let mine = index < recorded.count ? recorded[index] : nil
            let theirs = index < live.count ? live[index] : nil
            let difference: String?
            switch (mine, theirs) {
            case (let a?, let b?): difference = a.difference(from: b)
            case (_?, nil): difference = "the recording has this step; the live run ended before it"
            case (nil, _?): difference = "the live run has this step; the recording ended before it"
            case (nil, nil): difference = nil
            }
            return DriftItem(step: index + 1, recorded: mine, live: theirs, difference: difference)
        }
    }

    /// Every journey of two recordings compared in order (for re-recorded examples): the
    /// differences only, each prefixed with the journey's position and name.
    package static func differences(recorded: Recording, live: Recording) -> [String] {
        var lines: [String] = []
        if recorded.journeys.count != live.journeys.count {
            lines.append("journeys: the recording holds \(recorded.journeys.count), the new run \(live.journeys.count)")
        }
        for (index, (a, b)) in zip(recorded.journeys, live.journeys).enumerated() {
            for item in compare(recorded: a, live: b) where item.difference != nil {
                lines.append("journey \(index + 1) (\(a.name ?? "?")) \(item.line)")
            }
        }
        let myOthers = recorded.others.map { "\($0.method) \($0.path) \($0.status)" }
        let theirOthers = live.others.map { "\($0.method) \($0.path) \($0.status)" }
        if myOthers != theirOthers {
            lines.append(
                "other requests: recorded [\(myOthers.joined(separator: ", "))], new [\(theirOthers.joined(separator: ", "))]"
            )
        }
        return lines
    }
}

extension RecordingDrift {
    /// A live run's steps compared with the recording of the same script.
    package static func compare(result: JourneyResult, recording: Recording) throws(RecordingError) -> [DriftItem] {
        let live = try Recording(document: HARWriter.document([result]), source: "the live run")
        guard let liveJourney = live.journeys.first else {
            throw RecordingError(
                "the live run sent no authenticate request\(result.error.map { ": \($0.message)" } ?? "")")
        }
        guard let recorded = recording.journey(named: liveJourney.name) ?? recording.journeys.first else {
            throw RecordingError("\(recording.source) holds no authenticate traffic to compare with")
        }
        return compare(recorded: recorded, live: liveJourney)
    }
}

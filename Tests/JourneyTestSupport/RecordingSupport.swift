import Foundation
import JourneyCore
import JourneyRecording
import JourneyRun

/// Shared helpers for the recording tests: fixture paths and replays (scripts from text:
/// `LoaderTestSupport.compile`; the AM they record from: `FakeAM`).
package enum RecordingSupport {
    package static let fixtures = Repository.fixtures.appendingPathComponent("har")

    package static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    package static func replay(
        _ journey: CompiledJourney, from recording: Recording, environment: [String: String] = [:]
    ) async
        -> JourneyResult
    {
        let configuration = ReplaySource.configuration(
            replaying: recording, script: journey.script, base: RunConfiguration(environment: environment))
        return await JourneyDriver.run(journey, configuration: configuration)
    }
}

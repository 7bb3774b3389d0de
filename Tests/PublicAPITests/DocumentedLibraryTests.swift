import Foundation
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// The library examples of docs/recordings.md and docs/simulator.md, written as a library user
/// writes them (this target has no package access): what the docs show is public and works.
@Suite struct DocumentedLibraryTests {
    static func path(_ relative: String) -> String { Repository.path(relative) }

    /// docs/recordings.md, "Library": replay a committed recording, write it again, import it.
    @Test func replayWriteAndImportARecording() async throws {
        let recording = try Recording.load(
            path: Self.path("journeys/recordings/login.har"), script: Self.path("journeys/login.yaml"))
        let journey = try JourneyCompiler.compile(try ScriptLoader.load(path: Self.path("journeys/login.yaml")))
        let configuration = ReplaySource.configuration(
            replaying: recording, script: journey.script, base: RunConfiguration())
        let result = await JourneyDriver.run(journey, configuration: configuration)
        #expect(result.status == .passed)
        let again = try TemporaryFiles.directory().appendingPathComponent("again.har").path
        _ = try HARWriter.write([result], to: again)
        #expect(FileManager.default.fileExists(atPath: again))
        let script = try ScriptImporter.script(from: recording)
        #expect(script.contains("NameCallback"))
    }

    /// docs/simulator.md, "Library API": start a tree, read the outbox, inject a fault, stop.
    @Test func startReadTheOutboxInjectAFaultAndStop() async throws {
        let definition = try SimulatorLoader.load(path: Self.path("journeys/trees/am.yaml"))
        let clock = ManualClock()
        let simulator = try await Simulator.start(
            definition, options: SimulatorOptions(clock: clock, logRequests: false))
        #expect(simulator.baseURL == simulator.serverURL + "/am")
        #expect(simulator.port > 0)
        #expect(simulator.outbox(for: "demo@example.com").map(\.code).isEmpty)
        simulator.clearOutbox(for: "demo@example.com")
        _ = simulator.injectFault(.hang, journey: "Login", times: 1)
        simulator.clearFaults()
        #expect(simulator.hangingRequests == 0)
        #expect(SimulatorLoader.isSimulatorFile(text: "kind: simulator\nversion: 1\n"))
        #expect(!SimulatorLoader.lint(text: "kind: simulator\nversion: 1\njourneys: 3\n", file: "t.yaml").isEmpty)
        await simulator.stop()
    }
}

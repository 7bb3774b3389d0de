import JourneyCore
import JourneyKit

/// `journey bench SCRIPT`: one script prepared as a run prepares it, pointed at a running server
/// or replayed in process from a recording, checked to pass once, then measured.
package struct ScriptBench: Sendable {
    package let journey: CompiledJourney
    package let configuration: RunConfiguration
    /// What the bench runs against, for humans: `against URL` or `replayed from FILE (...)`.
    package let target: String

    /// Prepares `script` against `server` or replaying `replay` (exactly one). An invalid script
    /// or recording stops the command (exit 2) with every diagnostic rendered.
    package init(
        script: String, server: String?, replay: String?, variables: [String: String], allowCommands: Bool,
        sdk: SDKProfile? = nil
    ) throws(CommandFailure) {
        var configuration = RunConfiguration(serverURL: server, variables: variables, seed: 1, fastPolling: true)
        configuration.allowCommands = allowCommands
        configuration.sdk = sdk
        configuration.offline = replay != nil
        let options = PreparationOptions(
            load: ScriptLoadOptions(knownVariables: Set(variables.keys)), permissions: configuration)
        // Without tags to filter by, preparation always returns the script or its diagnostics.
        let prepared = ScriptPreparation.prepare(file: script, options: options)
        guard let journey = prepared?.journey else { throw CommandFailure(rendered: prepared?.rendered ?? "") }
        if let replay {
            let source = ReplaySource(path: replay)
            do {
                try source.validate()
            } catch {
                throw CommandFailure(error.message)
            }
            configuration.seed = nil
            do {
                configuration = try source.configuration(for: journey, base: configuration)
            } catch {
                throw CommandFailure(error.message)
            }
        }
        self.journey = journey
        self.configuration = configuration
        target = replay.map { "replayed from \($0) (in process, no network)" } ?? "against \(server ?? "")"
    }

    /// Runs the journey once; one that does not pass stops the bench with the run's own exit
    /// code (1 failed, 3 error, 4 replay mismatch): its figures would measure a failure. Returns
    /// the round trips per journey.
    package func check() async throws(CommandFailure) -> Int {
        let result = await JourneyDriver.run(journey, configuration: configuration)
        guard result.status == .passed else {
            let why = result.error?.description ?? result.allFailures.map(\.description).joined(separator: "; ")
            throw CommandFailure(
                "the script does not pass \(target): \(VisibleText.escapedLines(why))", exitCode: result.status.exitCode
            )
        }
        return result.steps.count
    }

    /// Measures each concurrency level after `warmup` unmeasured journeys; one line per level.
    /// A measured journey that did not pass stops the bench (exit 1) after its figures are shown:
    /// the figures then measure failures, and the bench must not end as if they did not.
    package func measure(levels: [Int], count: Int, warmup: Int, output: (String) -> Void) async throws(CommandFailure)
    {
        let benchmark = JourneyBenchmark(journey: journey, configuration: configuration)
        var failed = 0
        for level in levels {
            _ = await benchmark.measure(count: warmup, concurrency: level)
            let figures = await benchmark.measure(count: count, concurrency: level)
            failed += figures.journeys - figures.passed
            output(figures.description)
        }
        if failed > 0 {
            throw CommandFailure("\(Plural.count(failed, "measured journey")) did not pass \(target)", exitCode: 1)
        }
    }
}

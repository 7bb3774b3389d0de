import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Run a script live and report structural drift from its recording, step by step.",
        discussion: """
            Compares callback signatures (type, prompt, input names, HiddenValueCallback id, \
            MetadataCallback _type/_action), stages and the outcome. Exit codes: 0 no drift, \
            1 drift, 2 invalid script or recording, 3 the live run failed to reach the server.
              journey diff journeys/login.yaml --server https://tenant/am \\
                --recording journeys/recordings/login.har
            """)

    @Argument(help: "The script.")
    var script: String

    @Option(help: "The HAR recording to compare with.")
    var recording: String

    @OptionGroup var target: TargetOptions

    @Option(help: "Also record the live run as HAR to this file.")
    var record: String?

    func run() async throws {
        let signals = SignalEndsProviders()
        defer { signals.holdWhileEnding() }
        try await CommandExit.reporting(diff)
    }

    private func diff() async throws {
        let recorded: Recording
        do {
            recorded = try Recording.load(path: recording, script: script)
        } catch {
            throw CommandFailure(error.message)
        }
        let simulators = EmbeddedSimulators()
        let results = await SuiteRunner.run(
            SuiteOptions(
                paths: [script], simulate: target.simulate, configuration: try target.configuration(),
                launcher: simulators)
        )
        await simulators.stopAll()
        guard let result = results.first else { throw CommandFailure("no script found at \(script)") }
        if result.status == .invalid {
            throw CommandFailure(rendered: DiagnosticText.render(result.diagnostics))
        }
        // A recording that cannot be written is reported after the drift, which the run still owes.
        var recordFailure: CommandFailure?
        if let record {
            do throws(CommandFailure) {
                StandardError.write(try RecordingOutput.write([result], to: record))
            } catch {
                recordFailure = error
            }
        }
        let items: [DriftItem]
        do {
            items = try RecordingDrift.compare(result: result, recording: recorded)
        } catch {
            throw CommandFailure(error.message, exitCode: 3)
        }
        print("drift: \(script) live against \(result.server ?? "?") vs \(recording)")
        // The lines quote the server's prompts and messages: shown, never obeyed by the terminal.
        for item in items { print("  " + VisibleText.escaped(item.line)) }
        if let error = result.error, result.status == .error {
            print("  the live run stopped: \(VisibleText.escaped(error.description))")
        }
        let drifted = items.filter { $0.difference != nil }.count
        print(
            drifted == 0
                ? "no drift (\(Plural.count(items.count, "step")))"
                : "\(drifted) of \(Plural.count(items.count, "step")) drifted")
        if let recordFailure { throw recordFailure }
        if drifted > 0 { throw ExitCode(1) }
        if result.status == .error { throw ExitCode(3) }
    }
}

import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the runner against a server: journeys/s, round-trip p50/p99, runner time per step.",
        discussion: """
            Start the simulator in another process first, then point the bench at it:
              swift run -c release journey simulate journeys/trees/am.yaml --port 8080 --quiet &
              swift run -c release journey bench journeys/login.yaml --server http://127.0.0.1:8080/am
            Or replay a recording in-process, without a server:
              swift run -c release journey bench journeys/login.yaml --replay journeys/recordings/login.har --count 1000
            """)

    @Argument(help: "The script to run repeatedly.")
    var script: String?

    @Flag(help: "Measure proof-of-work hashing (hashes/s on one core) beside OpenSSL instead of a script.")
    var pow = false

    @Option(help: "The AM base URL of an already running server (e.g. the simulator in another process).")
    var server: String?

    @Option(help: "Replay this HAR recording instead of talking to a server.")
    var replay: String?

    @Option(help: "Concurrency levels, comma-separated.")
    var concurrency: String = "1,32"

    @Option(help: "Journeys per concurrency level.")
    var count: Int = 2000

    @Option(help: "Journeys run first and not measured.")
    var warmup: Int = 200

    @Option(name: .customLong("var"), help: "Set a variable: name=value (repeatable).")
    var variables: [String] = []

    @Flag(help: "Let the script run the programs named by its command: value sources (off: it stops, exit 2).")
    var allowCommands = false

    func run() async throws {
        if pow { return ProofOfWorkBench.run() }
        guard let script else { throw ValidationError("give a script to run, or --pow") }
        let levels = concurrency.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !levels.isEmpty, levels.allSatisfy({ $0 >= 1 }) else {
            throw ValidationError("--concurrency takes positive numbers, e.g. 1,32")
        }
        guard (server == nil) != (replay == nil) else {
            throw ValidationError("give exactly one of --server URL and --replay FILE")
        }
        let variables = try EnvFile.parseAssignments(self.variables)
        var configuration = RunConfiguration(serverURL: server, variables: variables, seed: 1, fastPolling: true)
        configuration.allowCommands = allowCommands
        configuration.offline = replay != nil
        let compiled: CompiledJourney
        do throws(DiagnosticList) {
            let loaded = try ScriptLoader.load(path: script, options: LoadOptions(knownVariables: Set(variables.keys)))
            let refused = CommandPermission.diagnostics(for: loaded, configuration: configuration)
            if !refused.isEmpty { throw DiagnosticList(refused) }
            compiled = try JourneyCompiler.compile(loaded)
        } catch {
            let text = try? String(contentsOfFile: script, encoding: .utf8)
            for diagnostic in error.diagnostics {
                FileHandle.standardError.write(Data((diagnostic.rendered(source: text) + "\n").utf8))
            }
            throw ExitCode(2)
        }
        if let replay {
            do {
                let source = ReplaySource(path: replay)
                try source.validate()
                configuration.seed = nil
                configuration = try source.configuration(for: compiled, base: configuration)
            } catch let error as RecordingError {
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                throw ExitCode(2)
            } catch let error as RunError {
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                throw ExitCode(2)
            }
        }
        let target = replay.map { "replayed from \($0) (in process, no network)" } ?? "against \(server ?? "")"
        let benchmark = JourneyBenchmark(journey: compiled, configuration: configuration)
        let check = await JourneyDriver.run(compiled, configuration: configuration)
        guard check.status == .passed else {
            FileHandle.standardError.write(
                Data(
                    "error: the script does not pass \(target): \(check.error?.description ?? check.allFailures.map(\.description).joined(separator: "; "))\n"
                        .utf8))
            throw ExitCode(1)
        }
        print("bench: \(compiled.name) (\(script)) \(target), \(check.steps.count) round trips per journey")
        for level in levels {
            _ = await benchmark.measure(count: warmup, concurrency: level)
            let figures = await benchmark.measure(count: count, concurrency: level)
            print(figures.description)
        }
    }
}

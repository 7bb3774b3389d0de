import ArgumentParser
import Foundation
import JourneyBench
import JourneyCore
import JourneyKit

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the runner against a server: journeys/s, round-trip p50/p99, runner time per step.",
        discussion: """
            Start the simulator in another process first, then point the bench at it:
              journey simulate journeys/trees/am.yaml --port 8080 --quiet &
              journey bench journeys/login.yaml --server http://127.0.0.1:8080/am
            Or replay a recording in-process, without a server:
              journey bench journeys/login.yaml --count 1000 \\
                --replay journeys/recordings/login.har
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

    @Option(help: ArgumentHelp(SDKOption.help, valueName: "name"))
    var sdk: String?

    func validate() throws {
        guard count >= 1, count <= 10_000_000 else { throw ValidationError("--count takes 1 to 10,000,000") }
        guard warmup >= 0, warmup <= 10_000_000 else { throw ValidationError("--warmup takes 0 to 10,000,000") }
        if pow, script != nil || server != nil || replay != nil || !variables.isEmpty {
            throw ValidationError("--pow measures hashing alone: give no script, --server, --replay or --var with it")
        }
    }

    func run() async throws {
        let signals = SignalEndsProviders()
        defer { signals.holdWhileEnding() }
        if pow { return ProofOfWorkReport.run(print: { print($0) }) }
        guard let script else { throw ValidationError("give a script to run, or --pow") }
        let levels = concurrency.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !levels.isEmpty, levels.allSatisfy({ $0 >= 1 }) else {
            throw ValidationError("--concurrency takes positive numbers, e.g. 1,32")
        }
        guard (server == nil) != (replay == nil) else {
            throw ValidationError("give exactly one of --server URL and --replay FILE")
        }
        try await CommandExit.reporting {
            let bench = try ScriptBench(
                script: script, server: server, replay: replay, variables: try EnvFile.parseAssignments(variables),
                allowCommands: allowCommands, sdk: try SDKOption.profile(sdk))
            let roundTrips = try await bench.check()
            print(
                "bench: \(bench.journey.name) (\(script)) \(bench.target), \(Plural.count(roundTrips, "round trip")) per journey"
            )
            try await bench.measure(levels: levels, count: count, warmup: warmup, output: { print($0) })
        }
    }
}

import ArgumentParser
import Foundation
import JourneyKit
import JourneyLoad

struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract:
            "Run scripts as a load test: an open (--rate) or closed (--users) model, latency percentiles, thresholds.",
        discussion: """
            Examples:
              journey load journeys/login.yaml --server http://127.0.0.1:8080/am \\
                --rate 200/s --ramp 30s --duration 5m \\
                --threshold 'journey.p99<300ms' --threshold 'errors<0.1%'
              journey load journeys/login.yaml --simulate journeys/trees/am.yaml \\
                --users 16 --think 100ms --duration 30s
            Each journey gets the variables vu and iteration, and its row of --data. Exit 1 when a \
            threshold is broken or, without thresholds, when any journey did not pass.
            """)

    @Argument(help: "Script files or folders; they take turns.")
    var paths: [String]

    @OptionGroup var target: TargetOptions

    @OptionGroup var telemetry: TelemetryOptions

    @Option(help: "Open model: journeys started per second, e.g. 200/s or 600/m.")
    var rate: String?

    @Option(help: "Open model: time to reach the rate, rising linearly (e.g. 30s; default 0s).")
    var ramp: String?

    @Option(help: "Closed model: virtual users, each running journeys one after another.")
    var users: Int?

    @Option(help: "Closed model: pause between a user's journeys (e.g. 500ms; default 0s).")
    var think: String?

    @Option(help: "How long to start journeys (e.g. 30s, 5m).")
    var duration: String = "10s"

    @Option(help: "Open model: journeys running at once before further arrivals are dropped (default 10000).")
    var maxInFlight: Int?

    @Option(help: "A CSV file: its header names variables, each row is one user's values (cycled).")
    var data: String?

    @Option(help: "A limit the run must keep (repeatable): \(LoadThreshold.help).")
    var threshold: [String] = []

    @Option(help: "Output on stdout: human or json.")
    var format: LoadOutputFormat = .human

    @Option(
        help: ArgumentHelp(
            "Also write json=FILE (the summary with its histograms) or html=FILE (a page with latency charts); repeatable.",
            valueName: "kind=file"))
    var report: [String] = []

    @Option(help: "Request timeout in seconds (overrides the scripts).")
    var timeout: Double?

    @Option(
        help: ArgumentHelp(
            "Run part I of N of the load (1-based), or auto/N from JOB_COMPLETION_INDEX: 1/N of the rate or of the users.",
            valueName: "I/N"))
    var shard: String?

    func validate() throws {
        guard (rate == nil) != (users == nil) else { throw ValidationError("give exactly one of --rate and --users") }
        if let users, !(1...100_000).contains(users) { throw ValidationError("--users takes 1 to 100000") }
        if let maxInFlight, !(1...1_000_000).contains(maxInFlight) {
            throw ValidationError("--max-in-flight takes 1 to 1000000")
        }
        if users != nil, ramp != nil || maxInFlight != nil {
            throw ValidationError("--ramp and --max-in-flight belong to the open model (--rate), not to --users")
        }
        if rate != nil, think != nil {
            throw ValidationError("--think belongs to the closed model (--users), not to --rate")
        }
        _ = try parsedReports()
        if let timeout, !NumberRanges.isTimeout(timeout) {
            throw ValidationError(NumberRanges.timeoutOutOfRange("--timeout", found: String(timeout)))
        }
    }

    func run() async throws {
        let signals = SignalEndsProviders()
        defer { signals.holdWhileEnding() }
        var plan: LoadPlan
        do {
            plan = try LoadPlan(
                rate: rate, ramp: ramp ?? "0s", users: users, think: think ?? "0s", duration: duration,
                maxInFlight: maxInFlight ?? 10_000,
                data: data, thresholds: threshold)
        } catch {
            throw CommandExit.error(error.message)
        }
        if let shard {
            do throws(Shard.Problem) {
                plan.shard = try Shard(argument: shard, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw CommandExit.error(error.description)
            }
            // Users I, I+N... are this machine's: with fewer users than I it would run nothing and pass.
            if case .closed(let users, _) = plan.model, let part = plan.shard, part.index > users {
                throw CommandExit.error(
                    "--shard \(part) with --users \(users): this machine would run no user; give at least \(part.count) users"
                )
            }
        }
        var configuration = try await CommandExit.reporting { try target.configuration() }
        // Each journey's data row, `vu` and `iteration` are set per journey: a --var of the same
        // name would be accepted and then overwritten, so it is refused.
        let perJourney = Set(LoadPreparation.loadVariables(plan.data).keys)
        if let clash = configuration.variables.keys.sorted().first(where: perJourney.contains) {
            throw CommandExit.error(
                "--var \(clash): '\(clash)' is set for each journey (vu, iteration and the --data columns); drop the --var"
            )
        }
        configuration.timeoutSeconds = timeout
        configuration.variables.merge(LoadPreparation.loadVariables(plan.data)) { given, _ in given }
        let tracing = try telemetry.tracing()
        let simulators = EmbeddedSimulators(logRequests: false)
        let options = SuiteOptions(
            paths: paths, simulate: target.simulate, configuration: configuration, launcher: simulators)
        let summary: LoadSummary
        do {
            let scripts = try await CommandExit.reporting { try await LoadPreparation.prepare(options) }
            let progress: (@Sendable (String) -> Void)? =
                isatty(STDERR_FILENO) == 1 ? { @Sendable line in StandardError.write(line) } : nil
            var onJourney: (@Sendable (JourneyResult) -> Void)?
            if let tracing { onJourney = { result in tracing.record(result) } }
            summary = await plan.run(scripts, progress: progress, onJourney: onJourney)
        } catch {
            await simulators.stopAll()
            await tracing?.finish()
            throw error
        }
        await simulators.stopAll()
        await tracing?.finish()
        print(format == .json ? summary.json : summary.text)
        try await CommandExit.reporting {
            for (kind, file) in try parsedReports() {
                try OutputFile.write(kind == "json" ? summary.json + "\n" : summary.html, to: file)
            }
        }
        throw ExitCode(summary.passedGate ? 0 : 1)
    }

    /// `json=FILE` and `html=FILE` pairs of `--report`.
    private func parsedReports() throws -> [(kind: String, file: String)] {
        try report.map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["json", "html"].contains(parts[0]), !parts[1].isEmpty else {
                throw ValidationError("--report expects json=FILE or html=FILE, got '\(item)'")
            }
            return (parts[0], parts[1])
        }
    }
}

enum LoadOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case human
    case json
}

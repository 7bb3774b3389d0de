import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run journey scripts (files, folders or globs).",
        discussion: """
            Examples:
              journey run journeys/    # each script against its server or simulator
              journey run journeys/login.yaml --server https://tenant.example.com/am \\
                --realm alpha
              journey run journeys/ --simulate journeys/trees/am.yaml --jobs 8 \\
                --report junit=out/junit.xml
              journey run journeys/ --repeat 5 # find flaky scripts
              journey run journeys/ --watch    # rerun what a change affects
              journey run README.md docs/      # the `yaml journey` blocks of guides

            With --repeat N each script runs N times; one that passed on some attempts and not on \
            others is 'flaky' (its own status in the reports, counted in the summary) and fails the \
            run unless --allow-flaky. Attempts that all fail report the most severe verdict. Every \
            attempt uses --seed when given (else each draws its own). --record is refused with --repeat.

            In a Markdown file, each fenced block whose info string is `yaml journey` is a script, \
            and a `console journey` block right after one is its transcript: what the run must print \
            (normalized; docs/guides.md). --update-transcripts rewrites them from the run, but writes \
            a failure that a transcript does not already show only with --accept-failures.

            With --watch, after the run journey keeps polling (every 300 ms) the scripts and guides \
            found, the scripts they use, their simulator trees and --env-file, and runs again the scripts a \
            change affects (a new script runs, a deleted one is dropped). Ctrl-C stops it; the exit \
            code is the worst of each script's latest result.
            """
    )

    @Argument(help: "Script files, folders or globs (journeys/ when none is given).")
    var paths: [String] = []

    @OptionGroup var target: TargetOptions

    @OptionGroup var telemetry: TelemetryOptions

    @Option(name: .customLong("tag"), help: "Run only scripts with this tag (repeatable).")
    var tags: [String] = []

    @Option(help: "Scripts to run at once (1-\(Self.maximumJobs)).")
    var jobs: Int = 1

    /// The most scripts run at once.
    static let maximumJobs = 256

    @Flag(help: "Stop after the first script that does not pass.")
    var failFast = false

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run each script N times (1-\(RepeatOption.maximum)) and report those that passed only sometimes as flaky.",
            valueName: "N"))
    var repeatCount: Int?

    @Flag(help: "A flaky script (--repeat) does not fail the run; it stays 'flaky' in the reports.")
    var allowFlaky = false

    @Flag(help: "After the run, rerun the scripts whose files, used scripts or simulator trees change (Ctrl-C stops).")
    var watch = false

    @Option(help: "Output on stdout: human, json, junit, html or markdown.")
    var format: ReportFormat = .human

    @Option(
        help: ArgumentHelp(
            "Run only part I of N of the scripts (1/4 ... 4/4), or auto/N with the 0-based index from JOB_COMPLETION_INDEX.",
            valueName: "I/N"))
    var shard: String?

    @Option(help: "Also write a report: junit=FILE, json=FILE, html=FILE or markdown=FILE (repeatable).")
    var report: [String] = []

    @Option(help: "Request timeout in seconds (overrides the scripts).")
    var timeout: Double?

    @Option(help: "The random seed (for reproducible generated values).")
    var seed: UInt64?

    @Flag(help: "Shorten PollingWaitCallback waits.")
    var fastPolling = false

    @Flag(name: .shortAndLong, help: "Show request and response headers and bodies (redacted).")
    var verbose = false

    @Flag(help: "Log each simulator request to stderr.")
    var logSimulator = false

    @Flag(help: "No ANSI colours, even on a terminal (as NO_COLOR does).")
    var noColor = false

    @Option(
        help: "Record every exchange as HAR 1.2: FILE (every script's run in one file) or DIR/ (DIR/<script>.har each)."
    )
    var record: String?

    @Option(help: "Replay from recordings, offline: a HAR file, or DIR/ holding <script>.har per script.")
    var replay: String?

    @Flag(help: "Rewrite the `console journey` transcripts of Markdown guides from this run (nothing else in them).")
    var updateTranscripts = false

    @Flag(
        help:
            "With --update-transcripts, also write a run that did not pass into a transcript that does not show that failure."
    )
    var acceptFailures = false

    @Flag(help: "Finding no script to run (none in the paths, or none left by --tag or --shard) exits 0, not 2.")
    var allowEmpty = false

    mutating func validate() throws {
        if paths.isEmpty { paths = [ScriptFinder.defaultFolder] }
        if updateTranscripts && watch { throw ValidationError("--update-transcripts cannot be used with --watch") }
        if acceptFailures && !updateTranscripts {
            throw ValidationError("--accept-failures applies to --update-transcripts; give both, or neither")
        }
        guard (1...Self.maximumJobs).contains(jobs) else {
            throw ValidationError("--jobs must be between 1 and \(Self.maximumJobs), found \(jobs)")
        }
        if let timeout, !NumberRanges.isTimeout(timeout) {
            throw ValidationError(NumberRanges.timeoutOutOfRange("--timeout", found: String(timeout)))
        }
        _ = try parsedReports()
        _ = try parsedShard()
        if let problem = RepeatOption.problem(count: repeatCount, allowFlaky: allowFlaky, record: record != nil) {
            throw ValidationError(problem)
        }
        if watch,
            let problem = WatchOption.problem(
                .init(format: format, reports: !report.isEmpty, record: record != nil, shard: shard != nil))
        {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        // A watch has a stop of its own, which ends the providers of the run it stops.
        let signals = watch ? nil : SignalEndsProviders()
        defer { signals?.holdWhileEnding() }
        var configuration = try await CommandExit.reporting { try target.configuration() }
        // What the run will write is checked before its first request (exit 2), not after the work.
        let reports = try parsedReports()
        try await CommandExit.reporting {
            for file in reports { try OutputFile.check(file.path, for: "--report \(file.format.rawValue)") }
            if let record { try OutputFile.check(record.hasSuffix("/") ? record + "run.har" : record, for: "--record") }
        }
        configuration.seed = seed
        configuration.fastPolling = fastPolling ? true : nil
        configuration.timeoutSeconds = timeout
        let simulators = EmbeddedSimulators(logRequests: logSimulator)
        let output = OutputSink(format: format, verbose: verbose, noColor: noColor)
        let tracing = try telemetry.tracing()
        var options = SuiteOptions(
            paths: paths, tags: tags, jobs: jobs, failFast: failFast, simulate: target.simulate,
            configuration: configuration, launcher: simulators,
            onResult: { result in
                output.scriptFinished(result)
                tracing?.record(result)
            })
        options.onWarnings = { StandardError.write($0.rendered + "\n") }
        options.shard = try parsedShard()
        options.repeatCount = repeatCount ?? 1
        options.allowFlaky = allowFlaky
        if updateTranscripts { options.transcriptUpdates = TranscriptUpdates(acceptsFailures: acceptFailures) }
        if let replay {
            try await CommandExit.reporting { try options.replay(from: replay, warn: StandardError.write) }
        }
        let scope = WatchScope(paths: paths, simulate: target.simulate, sharedFiles: [target.envFile].compactMap { $0 })
        // Taken before the first run, so a file saved while it runs is run again.
        let watchCache = WatchReferenceCache()
        let baseline = watch ? await WatchLoop.files(scope, cache: watchCache)() : nil
        let wallStart = ContinuousClock.now
        let results = await SuiteRunner.run(options)
        let wall = ContinuousClock.now - wallStart
        await simulators.stopAll()
        // A watch's reruns are traced too: the exporter stops when the watch does.
        if baseline == nil { await tracing?.finish() }
        // The recording is written first (its line comes before the summary) but a failure to write
        // it is reported after the summary and the --report files, which the run still owes.
        var recordFailure: CommandFailure?
        if let record {
            do throws(CommandFailure) {
                StandardError.write(try RecordingOutput.write(results, to: record))
            } catch {
                recordFailure = error
            }
        }
        try await CommandExit.reporting {
            for line in try options.transcriptUpdates?.write() ?? [] { StandardError.write(line) }
        }
        let summary = output.finish(
            results, wallSeconds: wall.inSeconds, shard: options.shard)
        if let baseline {
            let watching = RunWatch(
                options: options, output: output, scope: scope, logSimulator: logSimulator, envFile: target.envFile,
                cache: watchCache)
            let code = await watching.run(from: baseline, first: results)
            await tracing?.finish()
            throw ExitCode(code)
        }
        let sources = SourceProvider { try? SourceFile.read($0) }
        try await CommandExit.reporting {
            for file in try parsedReports() { try file.write(summary, sources: sources) }
            if let recordFailure { throw recordFailure }
        }
        if results.isEmpty && !allowEmpty {
            throw CommandExit.error(
                EmptySelection.message(command: "run", paths: paths, tags: tags, shard: options.shard))
        }
        throw ExitCode(summary.exitCode)
    }

    private func parsedReports() throws -> [ReportFile] {
        try report.map { item in
            guard let file = ReportFile(argument: item) else {
                throw ValidationError(
                    "--report expects junit=FILE, json=FILE, html=FILE or markdown=FILE, got '\(item)'")
            }
            return file
        }
    }

    private func parsedShard() throws -> Shard? {
        guard let shard else { return nil }
        do {
            return try Shard(argument: shard, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

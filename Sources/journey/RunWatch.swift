import Foundation
import JourneyCore
import JourneyKit
import Synchronization

/// `journey run --watch` after its first run: polls the scripts and the files they depend on,
/// runs again the scripts a change affects (each rerun with simulators of its own, started from
/// the trees as they are now), and stops on SIGINT or SIGTERM.
///
/// The exit code is the suite's as last seen: the worst of each script's latest result (a script
/// deleted meanwhile no longer counts), so `journey run --watch; echo $?` tells whether the suite
/// passed when the watch was stopped. A rerun cut short by the signal is not counted.
struct RunWatch: Sendable {
    var options: SuiteOptions
    var output: OutputSink
    var scope: WatchScope
    var logSimulator: Bool
    /// `--env-file`, read again for each rerun so a change to it takes effect.
    var envFile: String?
    /// What each unchanged file names, kept between polls (the baseline poll's too).
    let cache: WatchReferenceCache
    /// The environment as last read with `--env-file` (a reread that fails keeps it).
    let environment: LastEnvironment

    init(
        options: SuiteOptions, output: OutputSink, scope: WatchScope, logSimulator: Bool, envFile: String?,
        cache: WatchReferenceCache
    ) {
        self.options = options
        self.output = output
        self.scope = scope
        self.logSimulator = logSimulator
        self.envFile = envFile
        self.cache = cache
        environment = LastEnvironment(options.configuration.environment)
    }

    /// The environment of the latest run whose `--env-file` read well.
    final class LastEnvironment: Sendable {
        private let values: Mutex<[String: String]>

        init(_ values: [String: String]) { self.values = Mutex(values) }

        var current: [String: String] { values.withLock { $0 } }

        func set(_ new: [String: String]) { values.withLock { $0 = new } }
    }

    /// The latest result of each script, by the path it was found by.
    final class Latest: Sendable {
        private let results: Mutex<[String: JourneyResult]>

        init(_ results: [JourneyResult]) {
            self.results = Mutex(Dictionary(results.map { ($0.file, $0) }, uniquingKeysWith: { _, last in last }))
        }

        /// Records a rerun's results. Only the scripts still found keep their earlier results: a
        /// dropped script, or a broken tree that stopped an earlier run, no longer counts; nor does
        /// a script its tags now leave out (`skipped`). A script the rerun did not reach (after
        /// `--fail-fast` stopped it) keeps its last result. A guide's blocks count as its own, and
        /// a guide the rerun ran keeps only the new results of its blocks (a block deleted or
        /// moved to another line is gone).
        func update(_ new: [JourneyResult], skipped: Set<String>, scripts: [String]) {
            let found = Set(scripts)
            let rerun = Set(new.map { WatchInventory.script(ofResult: $0.file) })
            results.withLock { results in
                results = results.filter { key, _ in
                    let script = WatchInventory.script(ofResult: key)
                    return found.contains(script) && !skipped.contains(key) && !rerun.contains(script)
                }
                for result in new { results[result.file] = result }
            }
        }

        var exitCode: Int32 { results.withLock { $0.values.map(\.exitCode).max() ?? 0 } }
    }

    func run(from baseline: ScriptWatcher.Poll, first results: [JourneyResult]) async -> Int32 {
        let latest = Latest(results)
        let loop = WatchLoop(poll: WatchLoop.files(scope, cache: cache))
        output.note(watchingLine(baseline))
        let task = Task { await loop.run(from: baseline) { change in await rerun(change, latest: latest) } }
        let stopping = Atomic(false)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // A second signal does not wait for a rerun that ignores cancellation (a command
                // value source's program, a slow server): it ends the process as a signal would.
                if stopping.exchange(true, ordering: .relaxed) { _exit(130) }
                task.cancel()
            }
            source.resume()
            return source
        }
        await task.value
        for source in signals { source.cancel() }
        let code = latest.exitCode
        output.note("stopped watching (exit code \(code))")
        return code
    }

    private func rerun(_ change: WatchChange, latest: Latest) async {
        output.note(separator(change))
        var options = self.options
        options.paths = change.rerun
        if let envFile {
            do {
                environment.set(try TargetOptions.environment(envFile: envFile))
            } catch {
                output.note(VisibleText.escaped("\(error.description); this run keeps the values last read"))
            }
            options.configuration.environment = environment.current
        }
        var results: [JourneyResult] = []
        let skipped = Mutex(Set<String>())
        options.onSkipped = { file in skipped.withLock { _ = $0.insert(file) } }
        if !change.rerun.isEmpty {
            let simulators = EmbeddedSimulators(logRequests: logSimulator)
            options.launcher = simulators
            let start = ContinuousClock.now
            results = await SuiteRunner.run(options)
            let wall = ContinuousClock.now - start
            await simulators.stopAll()
            guard !Task.isCancelled else { return }
            _ = output.finish(
                results,
                wallSeconds: wall.inSeconds)
        }
        let now = await WatchLoop.files(scope, cache: cache)()
        latest.update(results, skipped: skipped.withLock { $0 }, scripts: now.inventory.scripts)
        output.note(watchingLine(now))
        // `journey run --watch | head`: once the reader is gone, nobody sees a rerun; stop as a signal would.
        if output.isClosed { withUnsafeCurrentTask { $0?.cancel() } }
    }

    /// `── 14:02:11 modified login.yaml, added new.yaml → running 2 scripts again ──`
    func separator(_ change: WatchChange) -> String {
        var parts: [String] = []
        if !change.modified.isEmpty { parts.append("modified " + list(change.modified)) }
        if !change.added.isEmpty { parts.append("added " + list(change.added)) }
        if !change.removed.isEmpty { parts.append("removed " + list(change.removed)) }
        var text = parts.joined(separator: ", ")
        if !change.dropped.isEmpty { text += "; dropped " + change.dropped.joined(separator: ", ") }
        let count = change.rerun.count
        let runs = count == 0 ? "nothing to run" : "running \(Plural.count(count, "script")) again"
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false).timeSeparator(.colon))
        return "── \(time) \(VisibleText.escaped(text)) → \(runs) ──"
    }

    private func watchingLine(_ poll: ScriptWatcher.Poll) -> String {
        let files = poll.inventory.watched.count
        return "watching \(Plural.count(files, "file")) for changes (Ctrl-C to stop)"
    }

    /// Keys shown relative to the working directory when they are under it.
    private func list(_ keys: [String]) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        return keys.map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }.joined(separator: ", ")
    }
}

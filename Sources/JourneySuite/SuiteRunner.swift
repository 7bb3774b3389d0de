import Foundation
import JourneyCore
import JourneyFormat
import JourneyReport
import JourneyRun

/// What to run and how: the scripts, the filters, the concurrency.
public struct SuiteOptions: Sendable {
    package var paths: [String]
    /// Run only scripts carrying at least one of these tags (all when empty).
    package var tags: [String]
    /// Scripts run at once.
    package var jobs: Int
    /// Stop starting scripts after the first that does not pass.
    package var failFast: Bool
    /// A simulator tree to run every script against (overrides the scripts' servers).
    package var simulate: String?
    package var configuration: RunConfiguration
    package var launcher: (any SimulatorLauncher)?
    /// Run only this part of the scripts found (``Shard``); all of them when nil.
    package var shard: Shard?
    /// Runs of each script (`--repeat`, ``RepeatedRun``): a script whose attempts disagree is `flaky`.
    /// Each attempt runs with the same configuration but for the seed: with a seed S, attempt k
    /// (from 1) uses S+k−1, so generated values (a username to register) do not collide with the
    /// first attempt's on the same server; a replay keeps its recording's seed.
    public var repeatCount = 1
    /// A flaky script counts as passing for the exit code and `failFast` (`--allow-flaky`).
    public var allowFlaky = false
    /// Called as each script finishes (from any task), for streaming output.
    package var onResult: (@Sendable (JourneyResult) -> Void)?
    /// Called for each script its tags leave out (``tags``), from any task.
    package var onSkipped: (@Sendable (String) -> Void)?
    /// Called with a script that will run but has warnings (what `lint` would say), before its
    /// first attempt (once, whatever `repeatCount`), from any task.
    package var onWarnings: (@Sendable (PreparedScript) -> Void)?
    /// Adjusts the configuration of each compiled script before it runs (a replay's recording);
    /// an error becomes that script's result. Command permission is checked against
    /// `configuration` before, so a replay sets `configuration.offline` itself.
    package var configure: (@Sendable (CompiledJourney, RunConfiguration) async throws(RunError) -> RunConfiguration)?
    /// When set (`--update-transcripts`), a guide's transcript that differs from its run is
    /// collected here to be rewritten, instead of failing the script.
    package var transcriptUpdates: TranscriptUpdates?

    public init(
        paths: [String], tags: [String] = [], jobs: Int = 1, failFast: Bool = false, simulate: String? = nil,
        configuration: RunConfiguration = RunConfiguration(), launcher: (any SimulatorLauncher)? = nil,
        onResult: (@Sendable (JourneyResult) -> Void)? = nil
    ) {
        self.paths = paths
        self.tags = tags
        self.jobs = jobs
        self.failFast = failFast
        self.simulate = simulate
        self.configuration = configuration
        self.launcher = launcher
        self.onResult = onResult
    }
}

/// Runs many scripts: finds them, loads and compiles each, starts the simulators they
/// need, runs them `jobs` at a time, and returns every result in file order.
public enum SuiteRunner {
    public static func run(_ options: SuiteOptions) async -> [JourneyResult] {
        let files: [String]
        do {
            files = try ScriptFinder.scriptFiles(in: options.paths)
        } catch {
            let result = JourneyResult(
                name: "(command line)", file: error.path,
                diagnostics: [.error(error.description, at: nil)])
            options.onResult?(result)
            return [result]
        }
        let split = SuiteFiles(files)
        var scripts = split.scripts
        if let shard = options.shard { scripts = shard.select(scripts) }
        if let broken = await split.brokenTree(launcher: options.launcher) {
            options.onResult?(broken)
            return [broken]
        }
        var results = [JourneyResult?](repeating: nil, count: scripts.count)
        // Never more tasks than scripts: a huge `jobs` starts as many as there are to run.
        let jobs = min(max(1, options.jobs), max(1, scripts.count))
        await withTaskGroup(of: (Int, JourneyResult?).self) { group in
            var next = 0
            var stop = false
            func schedule() {
                guard next < scripts.count, !stop, !Task.isCancelled else { return }
                let index = next
                let script = scripts[index]
                next += 1
                group.addTask { (index, await runOne(script, options: options)) }
            }
            for _ in 0..<jobs { schedule() }
            while let (index, result) = await group.next() {
                if let result {
                    results[index] = result
                    options.onResult?(result)
                    if options.failFast && result.exitCode != 0 { stop = true }
                }
                schedule()
            }
        }
        return results.compactMap { $0 }
    }

    /// Prepares (``ScriptPreparation``) and runs one script, `repeatCount` times, from its `text`
    /// when it was read already; `nil` when its tags filter it out. A script that ends before its
    /// first request (invalid, refused, no simulator) is not repeated: nothing would differ.
    static func runOne(file: String, text: String? = nil, options: SuiteOptions) async -> JourneyResult? {
        await runOne(.file(file, text: text), options: options)
    }

    /// Runs one script of the suite; a guide's block with a transcript has it checked (``TranscriptCheck``).
    static func runOne(_ script: SuiteScript, options: SuiteOptions) async -> JourneyResult? {
        guard case .block(let block, let guide) = script, block.transcript != nil else {
            return await runAttempts(script, options: options)
        }
        guard let result = await runAttempts(script, options: options) else { return nil }
        return TranscriptCheck.checked(result, block: block, in: guide, updates: options.transcriptUpdates)
    }

    private static func runAttempts(_ script: SuiteScript, options: SuiteOptions) async -> JourneyResult? {
        switch await launch(script, options: options) {
        case nil:
            options.onSkipped?(script.identity)
            return nil
        case .finished(let result): return result
        case .ready(let compiled, let configuration):
            let attempts = max(1, options.repeatCount)
            guard attempts > 1 else { return await JourneyDriver.run(compiled, configuration: configuration) }
            var folding = RepeatedRun()
            for attempt in 0..<attempts {
                // A stopped run (Ctrl-C in a watch) does not go on through the other attempts.
                if attempt > 0 && Task.isCancelled { break }
                folding.add(await JourneyDriver.run(compiled, configuration: configuration.forAttempt(attempt)))
            }
            return folding.result(allowFlaky: options.allowFlaky)
        }
    }

    /// A script made ready to run as `run` runs it: compiled, its configuration set up (a
    /// replay's, the simulator it names, the server), or the result that ends it before any
    /// request (invalid, refused, no simulator). `nil` when its tags filter it out. `load` runs a
    /// ready script many times.
    package static func launch(file: String, text: String? = nil, options: SuiteOptions) async -> ScriptLaunch? {
        await launch(.file(file, text: text), options: options)
    }

    /// The seed a guide's block runs with unless `--seed` gives one.
    package static let guideSeed: UInt64 = 1

    /// ``launch(file:text:options:)`` for any script of a suite: a file, or a guide's block.
    package static func launch(_ suiteScript: SuiteScript, options: SuiteOptions) async -> ScriptLaunch? {
        let preparation = PreparationOptions(
            load: ScriptLoadOptions(knownVariables: Set(options.configuration.variables.keys)), tags: options.tags,
            detailedReferences: true,
            serverReplaced: options.configuration.serverURL != nil || options.simulate != nil)
        let preparedScript: PreparedScript?
        switch suiteScript {
        case .file(let file, let text?):
            preparedScript = ScriptPreparation.prepare(text: text, file: file, options: preparation)
        case .file(let file, nil):
            preparedScript = ScriptPreparation.prepare(file: file, options: preparation)
        case .block(let block, let guide):
            preparedScript = ScriptPreparation.prepare(block: block, in: guide, options: preparation)
        case .guideProblems(let guide):
            return .finished(
                JourneyResult(
                    name: (guide.file as NSString).lastPathComponent, file: guide.file, diagnostics: guide.diagnostics))
        }
        guard let prepared = preparedScript else { return nil }
        let file = prepared.file
        guard let compiled = prepared.journey else { return .finished(prepared.invalidResult) }
        if !prepared.diagnostics.isEmpty { options.onWarnings?(prepared) }
        let script = compiled.script
        var configuration = options.configuration
        if case .block = suiteScript, configuration.seed == nil {
            // A guide's transcript shows the run's generated values (OAuth's state and nonce in a
            // URL): with one seed they are the same on every run, not only after normalization.
            configuration.seed = Self.guideSeed
        }
        if let configure = options.configure {
            do {
                configuration = try await configure(compiled, configuration)
            } catch {
                return .finished(JourneyResult(name: script.name, file: file, tags: script.tags, error: error))
            }
        }
        // After `configure`: what it sets (a replay runs offline, so it runs no program) decides.
        let refusals = CommandPermission.diagnostics(for: script, configuration: configuration)
        if !refusals.isEmpty {
            return .finished(
                JourneyResult(
                    name: script.name, file: file, tags: script.tags, diagnostics: prepared.diagnostics + refusals))
        }
        if configuration.serverURL == nil {
            let tree: String? =
                options.simulate
                ?? script.server.simulate.map { ReferencedFiles.resolve($0.value, from: file) }
            if let tree {
                guard let launcher = options.launcher else {
                    return .finished(
                        JourneyResult(
                            name: script.name, file: file, tags: script.tags,
                            error: RunError(.script, "this script needs a simulator (\(tree)) and none is available")))
                }
                let treeProblems = await launcher.diagnostics(forTreeFile: tree)
                if treeProblems.contains(where: { $0.severity == .error }) {
                    return .finished(
                        JourneyResult(name: script.name, file: file, tags: script.tags, diagnostics: treeProblems))
                }
                do {
                    let endpoints = try await launcher.endpoints(forTreeFile: tree)
                    switch script.protocolKind {
                    case .mobilefirst: configuration.serverURL = endpoints.mobileFirst
                    case .rakuten: configuration.serverURL = endpoints.rakuten ?? endpoints.am
                    case .pingam: configuration.serverURL = endpoints.am
                    }
                } catch {
                    return .finished(
                        JourneyResult(
                            name: script.name, file: file, tags: script.tags,
                            error: RunError(.script, "cannot start the simulator for \(tree): \(error)")))
                }
            }
        }
        // Last: a simulator, like --server, means the script's own server.url is never read.
        let missing = EnvironmentCheck.diagnostics(for: script, configuration: configuration)
        if !missing.isEmpty {
            return .finished(
                JourneyResult(
                    name: script.name, file: file, tags: script.tags, diagnostics: prepared.diagnostics + missing))
        }
        return .ready(compiled, configuration)
    }
}

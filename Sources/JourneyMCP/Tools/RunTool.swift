import JourneyCore
import JourneyKit
import Synchronization

/// `run { path, server?, realm?, replay?, simulate?, vars? }`: runs scripts as `journey run
/// --format json` does and returns its report (secrets masked), with the console's rendering
/// as text. A journey that fails is a result like any other; only a call that cannot run is an error.
struct RunTool: Sendable {
    let root: RootFolder
    let configuration: RunConfiguration
    let makeLauncher: @Sendable () -> any SimulatorLauncher

    func call(_ arguments: ToolArguments) async throws -> ToolOutput {
        let files = try ScriptFiles(root: root).find(try arguments.requiredString("path"))
        var configuration = configuration
        if let server = try arguments.string("server") { configuration.serverURL = server }
        if let realm = try arguments.string("realm") { configuration.realm = realm }
        configuration.variables.merge(try arguments.strings("vars")) { _, fromCall in fromCall }
        let simulate = try arguments.string("simulate").map { (path: String) throws in try root.resolve(path) }
        let launcher = makeLauncher()
        var options = SuiteOptions(
            paths: files.found, simulate: simulate, configuration: configuration, launcher: launcher)
        let warnings = Warnings()
        if let replay = try arguments.string("replay") {
            // A folder of recordings is named with its trailing slash, which resolving drops.
            let recordings = try root.resolve(replay) + (replay.hasSuffix("/") ? "/" : "")
            try options.replay(from: recordings, warn: { warnings.add($0) })
        }
        let results = await SuiteRunner.run(options)
        await launcher.stopAll()
        let summary = RunSummary(results: results)
        let console = ConsoleReporter(
            useColor: false, verbose: false, sources: SourceProvider { try? SourceFile.read($0) })
        var text = results.map { Self.line(console.scriptFinished($0)) }.joined()
        for warning in warnings.all { text += warning + "\n" }
        text += Self.line(console.finish(summary)) + files.skippedNote
        var document = JSONReport.document(summary)
        if case .object(var members) = document {
            members["warnings"] = .array(warnings.all.map { .string($0) })
            members["skipped"] = .array(files.skipped.map { .string($0) })
            document = .object(members)
        }
        return ToolOutput(structured: document, text: text)
    }

    private static func line(_ text: String) -> String { text.hasSuffix("\n") ? text : text + "\n" }
}

/// What a replay says drifted from its recording, gathered from the tasks of a run.
final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])

    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

import JourneyCore
import JourneyKit

/// Makes the scripts of a load run ready: found, compiled and pointed at their server or
/// simulator as `run` would. A script that cannot run stops the load before it starts, with
/// what `run` would print for it.
package enum LoadPreparation {
    /// - Parameters:
    ///   - options: as for `run`; its configuration's variables should already name the `--data`
    ///     columns, `vu` and `iteration`, so scripts may use them.
    package static func prepare(_ options: SuiteOptions) async throws(CommandFailure) -> [LoadScript] {
        let files: [String]
        do {
            files = try ScriptFinder.yamlFiles(in: options.paths)
        } catch {
            throw CommandFailure(error.description)
        }
        // As `run`: a simulator tree among the scripts is not a script to load, and a broken one stops it.
        let split = SuiteFiles(files)
        if let broken = await split.brokenTree(launcher: options.launcher) {
            throw CommandFailure(
                rendered: ConsoleReporter().render(broken) + "\nload: \(broken.file) is broken; nothing was started")
        }
        var scripts: [LoadScript] = []
        for script in split.scripts {
            let file = script.identity
            switch await SuiteRunner.launch(script, options: options) {
            case nil: continue
            case .ready(let journey, let configuration):
                scripts.append(LoadScript(file: file, journey: journey, configuration: configuration))
            case .finished(let result):
                throw CommandFailure(
                    rendered: ConsoleReporter().render(result) + "\nload: \(file) cannot run; nothing was started")
            }
        }
        guard !scripts.isEmpty else {
            throw CommandFailure("no scripts to run in \(options.paths.joined(separator: " "))")
        }
        return scripts
    }

    /// The variables every journey of a load gets besides the script's own: `vu`, `iteration`
    /// and the `--data` columns (placeholders here; each journey gets its own values).
    package static func loadVariables(_ data: LoadData?) -> [String: String] {
        var variables = ["vu": "1", "iteration": "1"]
        if let data { for (name, value) in data.variables(for: 0) { variables[name] = value } }
        return variables
    }
}

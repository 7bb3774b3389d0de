import Foundation
import JourneyCore

/// Checks the files a script names: the simulator tree of `server.simulate` exists, and the
/// script of `uses:` exists, loads without errors and does not lead back to this one. `lint`
/// reports these before a run would stop on them.
package enum ReferencedFiles {
    /// Diagnostics for the files `script` refers to, placed at the keys that name them. With
    /// `detailed`, an invalid used script's own errors follow (a run shows them; lint reports
    /// them when it checks that file). Without `simulatorTree` (a flag replaced the server), the
    /// tree of `server.simulate` is not looked at.
    package static func diagnostics(
        for script: Script, options: ScriptLoadOptions = .init(), detailed: Bool = false, simulatorTree: Bool = true
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if simulatorTree, let tree = script.server.simulate,
            let problem = problem(of: tree, named: "server.simulate", in: script)
        {
            diagnostics.append(problem)
        }
        // A path with an expression is known only when the run resolves it.
        if let key = script.oauth?.privateKey, !key.value.contains("{{"),
            let problem = problem(of: key, named: "oauth.privateKeyJwt.key", in: script)
        {
            diagnostics.append(problem)
        }
        if let uses = script.uses {
            diagnostics += usedScript(
                uses, by: script, reportedAt: uses.script, options: options,
                chain: [ScriptSource.file(script.file).key],
                detailed: detailed)
        }
        return diagnostics
    }

    /// Why the file a script names at `key` cannot be read (missing, not a regular file, on a
    /// pseudo-filesystem such as /proc), placed at the name; nil when it can.
    private static func problem(of name: Located<String>, named key: String, in script: Script) -> Diagnostic? {
        let path = resolve(name.value, from: script.file)
        guard FileManager.default.fileExists(atPath: path) else {
            return .error(
                "\(key) names '\(name.value)', and there is no file at \(path)", at: name.location,
                length: name.value.count)
        }
        guard let problem = SourceFile.problem(path) else { return nil }
        return .error(
            "\(key) names '\(name.value)', which cannot be read: \(reason(problem))", at: name.location,
            length: name.value.count)
    }

    /// A file's problem without the "cannot read the file: " that starts it.
    private static func reason(_ problem: Diagnostic) -> String {
        let prefix = "cannot read the file: "
        return problem.message.hasPrefix(prefix) ? String(problem.message.dropFirst(prefix.count)) : problem.message
    }

    /// The `command:` sources of `script` and of the scripts it `uses:`, in run order (a used
    /// script that cannot be loaded or leads back is left to ``diagnostics(for:options:)``).
    package static func commands(of script: Script, options: ScriptLoadOptions = .init()) -> [Located<String>] {
        usedScripts(of: script, options: options).flatMap(\.commands) + script.commands
    }

    /// The environment variables `script` and the scripts it `uses:` cannot run without, in run
    /// order. A used script runs against the run's server: its `server.url` is never read.
    package static func environmentReads(of script: Script, options: ScriptLoadOptions = .init()) -> [EnvironmentRead] {
        func inFileOrder(_ reads: [EnvironmentRead]) -> [EnvironmentRead] {
            reads.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        }
        let used = usedScripts(of: script, options: options).flatMap { inFileOrder($0.environmentReads) }
        return used.filter { $0.scope != .serverURL } + inFileOrder(script.environmentReads)
    }

    /// The scripts `script` uses, the one it names first; a used script that cannot be loaded
    /// or leads back ends the list (``diagnostics(for:options:)`` reports it).
    private static func usedScripts(of script: Script, options: ScriptLoadOptions) -> [Script] {
        var scripts: [Script] = []
        var chain: Set<String> = [ScriptSource.file(script.file).key]
        var current = script
        while let next = current.uses {
            let source = ScriptSource.used(by: current, name: next.script.value)
            guard chain.insert(source.key).inserted, let used = (try? source.lint(options: options))?.script
            else { break }
            scripts.append(used)
            current = used
        }
        return scripts
    }

    /// A path as a script's own paths are written: relative to the folder of the file that names it.
    package static func resolve(_ path: String, from file: String) -> String {
        if path.hasPrefix("/") { return path }
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// Follows `uses:` from script to script; every problem is reported at the linted script's own `uses:`.
    private static func usedScript(
        _ uses: UsesSpec, by script: Script, reportedAt origin: Located<String>, options: ScriptLoadOptions,
        chain: [String],
        detailed: Bool
    ) -> [Diagnostic] {
        let source = ScriptSource.used(by: script, name: uses.script.value)
        let path = source.identity
        let at = origin.location
        let length = origin.value.count
        if chain.contains(source.key) {
            return [.error("uses cycle: \((chain + [source.key]).joined(separator: " → "))", at: at, length: length)]
        }
        let used: Script?
        let diagnostics: [Diagnostic]
        do {
            (used, diagnostics) = try source.lint(options: options)
        } catch {
            return [
                .error(
                    "uses names '\(uses.script.value)', and there is no readable script at \(path): \(reason(error))",
                    at: at, length: length)
            ]
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard let used, errors == 0 else {
            return [
                .error(
                    "uses names \(path), which is not a valid script (\(Plural.count(errors, "error")))",
                    at: at, length: length, hint: "see: journey lint \(source.file)")
            ] + (detailed ? diagnostics.filter { $0.severity == .error } : [])
        }
        guard let next = used.uses else { return [] }
        return usedScript(
            next, by: used, reportedAt: origin, options: options, chain: chain + [source.key], detailed: detailed)
    }
}

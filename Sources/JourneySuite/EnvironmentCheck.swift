import JourneyCore
import JourneyFormat
import JourneyRun

/// The environment variables a script cannot run without, checked before its first request: a
/// variable that the environment, the env file and a `default:` all leave unset is an error of
/// the run's configuration (exit 2), at the place the script reads it, never a failure found
/// halfway through the journey. A value the command line replaces (`--var`, `--server`,
/// `--realm`, `--challenger`) is not read, so its variables are not needed.
package enum EnvironmentCheck {
    /// One error per missing variable, at its first read (in `script` or a script it `uses:`).
    package static func diagnostics(for script: Script, configuration: RunConfiguration) -> [Diagnostic] {
        let options = ScriptLoadOptions(knownVariables: Set(configuration.variables.keys))
        var reported = Set<String>()
        var diagnostics: [Diagnostic] = []
        for read in ReferencedFiles.environmentReads(of: script, options: options)
        where configuration.environment[read.name] == nil && isRead(read, configuration) {
            guard reported.insert(read.name).inserted else { continue }
            diagnostics.append(
                .error(
                    "environment variable \(read.name) is not set, and the script needs it", at: read.location,
                    length: read.length, hint: hint(for: read.name, configuration: configuration)))
        }
        return diagnostics
    }

    /// Whether the run reads `read`: not when a command-line value replaces what reads it, nor
    /// for a secret in a replay (which reads its placeholder).
    private static func isRead(_ read: EnvironmentRead, _ configuration: RunConfiguration) -> Bool {
        if read.secret && configuration.offline { return false }
        switch read.scope {
        case .always: return true
        case .serverURL: return configuration.serverURL == nil
        case .realm: return configuration.realm == nil
        case .challenger: return configuration.challengerURL == nil
        case .variable(let name): return configuration.variables[name] == nil
        }
    }

    /// The names of the environment (the env file's included) closest to `name`, and where to set it.
    package static func hint(for name: String, configuration: RunConfiguration) -> String {
        let close = closestNames(to: name, among: configuration.environment.keys)
        var hint = ""
        if !close.isEmpty {
            hint = "did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "? "
        }
        if let envFile = configuration.envFile {
            hint += "set \(name) in the environment or in \(envFile)"
        } else {
            hint += "set \(name) in the environment, or give a file of KEY=VALUE lines with --env-file"
        }
        return hint
    }

    /// At most three names a typo away from `name` (case aside), the closest first.
    package static func closestNames(to name: String, among names: some Sequence<String>) -> [String] {
        guard name.count <= DidYouMean.maximumWordLength else { return [] }
        let allowed = max(1, min(3, name.count / 3))
        let lowered = name.lowercased()
        let scored = names.compactMap { (candidate: String) -> (name: String, distance: Int)? in
            guard candidate != name, abs(candidate.count - name.count) <= allowed else { return nil }
            let distance = DidYouMean.editDistance(lowered, candidate.lowercased())
            return distance <= allowed ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
    }
}

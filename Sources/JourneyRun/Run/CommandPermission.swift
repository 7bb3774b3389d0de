import JourneyCore
import JourneyFormat

/// Whether a run may execute the programs of a script's `command:` value sources. A script is
/// data that may come from anyone; running a program is the user's decision (`--allow-commands`).
package enum CommandPermission {
    /// The message a run stops with when a script would run `program` without the opt-in.
    package static func refusal(program: String) -> String {
        "this script runs the program '\(program)' (command:), and running programs needs --allow-commands"
    }

    /// One error per `command:` in the script and in the scripts it `uses:`, each at its line,
    /// unless the configuration allows commands or runs none (a replay).
    package static func diagnostics(for script: Script, configuration: RunConfiguration) -> [Diagnostic] {
        guard !configuration.allowCommands, !configuration.offline else { return [] }
        let options = ScriptLoadOptions(knownVariables: Set(configuration.variables.keys))
        return ReferencedFiles.commands(of: script, options: options).map { command in
            .error(
                refusal(program: command.value), at: command.location,
                hint: "review the script, then pass --allow-commands")
        }
    }
}

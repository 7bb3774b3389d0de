import JourneyCore
import JourneyKit

/// How `journey mcp` serves: the folder it may read, what scripts run with, and the limits of
/// each tool call. Set from the server's command line only: a tool call changes none of it.
package struct AssistantServerOptions: Sendable {
    /// The folder every path of a tool call must resolve into (symlinks included).
    package var root: String
    /// What scripts run with: the server's environment plus `--env-file`, `--allow-commands`,
    /// `--server` and `--realm`.
    package var configuration: RunConfiguration
    /// The `--env-file` assignments (also in `configuration.environment`): every value of them
    /// is masked in results, where the rest of the environment's are masked from a longer length.
    package var envFile: [String: String] = [:]
    /// Makes a launcher for the simulator trees of one `run` call (stopped when the call ends).
    package var makeLauncher: @Sendable () -> any SimulatorLauncher
    /// The longest a tool call may take, in seconds.
    package var callSeconds: Double = 300
    /// The most characters a tool result holds (its text and its structured content each).
    package var resultCharacters = 200_000

    package init(
        root: String, configuration: RunConfiguration, makeLauncher: @escaping @Sendable () -> any SimulatorLauncher
    ) {
        self.root = root
        self.configuration = configuration
        self.makeLauncher = makeLauncher
    }
}

/// Starts in-process simulators for scripts that name one (`server: { simulate: trees/am.yaml }`
/// or `--simulate FILE`). JourneyKit does not depend on the simulator; the CLI (or a test)
/// provides this, usually backed by `JourneySimulator`.
public protocol SimulatorLauncher: Sendable {
    /// Starts (or reuses) a simulator serving the tree file at `path` and returns its base URL,
    /// e.g. `http://127.0.0.1:49152/am`. Throws a message for humans when the file is invalid.
    func baseURL(forTreeFile path: String) async throws -> String
    /// Stops every simulator this launcher started.
    func stopAll() async
}

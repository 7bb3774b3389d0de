import JourneyCore

/// Starts in-process simulators for scripts that name one (`server: { simulate: trees/am.yaml }`
/// or `--simulate FILE`). JourneyKit does not depend on the simulator; the CLI (or a test)
/// provides this, usually backed by `JourneySimulator`.
public protocol SimulatorLauncher: Sendable {
    /// Starts (or reuses) a simulator serving the tree file at `path` and returns its base URL,
    /// e.g. `http://127.0.0.1:49152/am`. Throws a message for humans when the file is invalid.
    func baseURL(forTreeFile path: String) async throws -> String
    /// Stops every simulator this launcher started.
    func stopAll() async
    /// The problems of the tree file at `path` (unreadable, not YAML, invalid), each at its
    /// place; empty when a simulator can serve it.
    func diagnostics(forTreeFile path: String) async -> [Diagnostic]
}

extension SimulatorLauncher {
    /// A launcher that cannot check tree files finds them at start (``baseURL(forTreeFile:)``).
    public func diagnostics(forTreeFile path: String) async -> [Diagnostic] { [] }
}

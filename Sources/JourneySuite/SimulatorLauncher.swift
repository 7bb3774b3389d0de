import JourneyCore

/// Where a started simulator serves each protocol, as the simulator says (the runner does not
/// guess its paths).
public struct SimulatorEndpoints: Sendable, Equatable {
    /// AM's base URL, e.g. `http://127.0.0.1:49152/am`.
    package var am: String
    /// The MobileFirst server URL, e.g. `http://127.0.0.1:49152/mfp`.
    package var mobileFirst: String
    /// Rakuten's token API base URL (`protocol: rakuten`), e.g. `http://127.0.0.1:49152/rae`; its
    /// Challenger is served at the same origin. Nil: the simulator serves none.
    package var rakuten: String?

    public init(am: String, mobileFirst: String, rakuten: String? = nil) {
        self.am = am
        self.mobileFirst = mobileFirst
        self.rakuten = rakuten
    }
}

/// Starts in-process simulators for scripts that name one (`server: { simulate: trees/am.yaml }`
/// or `--simulate FILE`). JourneyKit does not depend on the simulator; the CLI (or a test)
/// provides this, usually backed by `JourneySimulator`.
public protocol SimulatorLauncher: Sendable {
    /// Starts (or reuses) a simulator serving the tree file at `path` and returns where it
    /// serves AM and MobileFirst. Throws a message for humans when the file is invalid.
    func endpoints(forTreeFile path: String) async throws -> SimulatorEndpoints
    /// Stops every simulator this launcher started.
    func stopAll() async
    /// The problems of the tree file at `path` (unreadable, not YAML, invalid), each at its
    /// place; empty when a simulator can serve it.
    func diagnostics(forTreeFile path: String) async -> [Diagnostic]
}

extension SimulatorLauncher {
    /// A launcher that cannot check tree files finds them at start (``endpoints(forTreeFile:)``).
    public func diagnostics(forTreeFile path: String) async -> [Diagnostic] { [] }
}

import Foundation
import JourneyCore

/// How to run compiled journeys: overrides from the command line, the transport, the clock and seed.
public struct RunConfiguration: Sendable {
    /// Replaces the script's `server.url`.
    public var serverURL: String?
    /// Replaces the script's `server.realm`.
    public var realm: String?
    /// `--var name=value`: override or supply variables.
    public var variables: [String: String]
    /// The environment `env` sources read (the process environment plus any env file).
    public var environment: [String: String]
    /// The env file `environment` includes (`--env-file`), named where a variable is missing.
    package var envFile: String?
    /// The transport; `nil` means live HTTP with the script's TLS setting.
    package var transport: (any Transport)?
    public var clock: any JourneyClock
    /// The run's random seed; `nil` draws one per run.
    public var seed: UInt64?
    /// Forces short polling waits regardless of the script.
    public var fastPolling: Bool?
    /// Replaces the script's request timeout (seconds).
    public var timeoutSeconds: Double?
    /// A replay: no provider command runs, and a secret environment variable that is not set
    /// resolves to its placeholder (`«DEMO_PASSWORD»`) instead of stopping the run.
    package var offline: Bool = false
    /// Lets `command:` value sources run their programs (`--allow-commands`). Off by default:
    /// a script from someone else runs no program on this machine unless the user says so.
    public var allowCommands: Bool = false
    /// `--sdk`: the SDK whose requests the run sends, over the script's `client.sdk`.
    package var sdk: SDKProfile?
    /// Replaces a `protocol: rakuten` script's Challenger URL (`--challenger`).
    package var challengerURL: String?
    /// Whether a result keeps each exchange's headers and bodies (redacted). A load run keeps
    /// only what it measures (URL, status, timing): the bodies are dropped, not redacted, so
    /// nothing of them can reach an output and the end-of-run redaction costs nothing.
    package var keepsExchangeBodies: Bool = true
    /// TOTP steps and HOTP counters already used. Copies of a configuration share it, so the runs
    /// of a suite never reuse a time step AM already accepted; give a run a new one to forget them.
    package var otpLedger = OTPLedger()
    /// Handlers for each step as it arrives, before the script's (`journey new`); nil for a run.
    package var stepAdvisor: (any StepAdvisor)?

    /// A live run: `serverURL` and `realm` replace the script's, `variables` supply `--var`s,
    /// `environment` is what `env` sources read, `seed` fixes the run's random values.
    public init(
        serverURL: String? = nil, realm: String? = nil, variables: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: any JourneyClock = SystemClock(), seed: UInt64? = nil, fastPolling: Bool? = nil,
        timeoutSeconds: Double? = nil
    ) {
        self.init(
            serverURL: serverURL, realm: realm, variables: variables, environment: environment, transport: nil,
            clock: clock, seed: seed, fastPolling: fastPolling, timeoutSeconds: timeoutSeconds)
    }

    /// A run over `transport` (a replay, a test's fake server); `nil` is live HTTP.
    package init(
        serverURL: String? = nil, realm: String? = nil, variables: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, transport: (any Transport)?,
        clock: any JourneyClock = SystemClock(), seed: UInt64? = nil, fastPolling: Bool? = nil,
        timeoutSeconds: Double? = nil
    ) {
        self.serverURL = serverURL
        self.realm = realm
        self.variables = variables
        self.environment = environment
        self.transport = transport
        self.clock = clock
        self.seed = seed
        self.fastPolling = fastPolling
        self.timeoutSeconds = timeoutSeconds
    }
}

extension RunConfiguration {
    /// The configuration of attempt `attempt` (from 0) of a script that `--repeat` runs: with a
    /// seed S, S+attempt, so each attempt draws its own reproducible values (the same username
    /// registered twice on one server would make a script look flaky). A replay runs offline and
    /// keeps its recording's seed: its attempts must send what was recorded.
    package func forAttempt(_ attempt: Int) -> RunConfiguration {
        guard attempt > 0, !offline, let seed else { return self }
        var configuration = self
        configuration.seed = seed &+ UInt64(attempt)
        return configuration
    }
}

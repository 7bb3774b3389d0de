import JourneyCore

/// Where the run's requests go, resolved once when the run starts: server URL, realm, timeout
/// and the script's extra headers.
struct RunEndpoint: Sendable {
    var baseURL = ""
    var realm = ""
    var timeout: Double = 30
    var extraHeaders: [HeaderField] = []
}

/// The mutable part of a ``RunSession``: what every phase of one run shares (the HTTP
/// session's cookies and endpoint, the trace, the failures). What one phase hands another (the
/// AM session, tokens, the provider's endpoints) travels in a ``PhaseHandoff`` instead.
struct SessionState: Sendable {
    var endpoint = RunEndpoint()
    var cookies = CookieJar()
    var steps: [StepTrace] = []
    var failures: [ExpectationFailure] = []
    /// Steps with callbacks (AM steps and MobileFirst challenges), counted for `expect.steps`.
    var callbackStepCount = 0
    var transportTime: Double = 0
    /// Body bytes the run's exchanges keep so far, against `limits.keptBodyBytes`.
    var keptBodyBytes = 0
    /// Captures already stored (each is taken once).
    var captured: Set<String> = []
    /// The session cookie's name, once known (script, cookie jar or `/json/serverinfo/*`).
    var cookieName: String?
    /// Diagnostics found at run time (no server, a used script that does not load): exit 2.
    var diagnostics: [Diagnostic] = []
    /// The run's seed, recorded so a replay generates the same values.
    var seed: UInt64?
    /// Exchanges made outside the steps (outbox reads).
    var sideExchanges: [Exchange] = []
    /// The round trip whose response the run is working on (0 before the first).
    var exchangeStep = 0
    /// The device file's path (`device.file` resolved when the run starts), nil without one.
    var deviceFile: String?
}

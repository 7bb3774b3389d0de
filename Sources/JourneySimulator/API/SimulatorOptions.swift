import Foundation
import JourneyCore

/// How a simulator listens, logs and keeps time.
public struct SimulatorOptions: Sendable {
    /// Address to bind (default `127.0.0.1`).
    public var host: String
    /// Port to bind; 0 picks a free one (read it from `RunningSimulator.port`).
    public var port: Int
    /// The simulator's clock: authId expiry, polling waits, OTP lifetimes. Inject a `ManualClock` in tests.
    public var clock: any JourneyClock
    /// Write one line per request to `log`.
    public var logRequests: Bool
    /// Receives each log line (default: standard error).
    public var log: @Sendable (String) -> Void
    /// Largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int
    /// Seed of every generated value (authId keys, tokenIds, OTPs, txids).
    public var seed: UInt64
    /// Replaces the tree's `settings.maxPendingJourneys` when set.
    public var maxPendingJourneys: Int?
    /// Seconds a connection may stay without a complete request part (including one whose headers
    /// never end) before it is closed; longer than the runner's 60 s pool idle time, so the client
    /// closes an idle keep-alive connection first.
    public var idleTimeout: Int64 = 75
    /// Seconds a new connection has to send its first request head, however slowly it trickles in.
    public var headerTimeout: Int64 = 10
    /// Seconds a request has to send its whole body once its headers are in; then it is answered 408.
    public var bodyTimeout: Int64 = 30
    /// Connections served at once; further ones wait in the listen backlog until one closes.
    public var maxConnections = 512
    /// HTTPS with this certificate and key instead of plain HTTP (`journey capture --tls-cert`).
    package var tls: HostTLS?
    /// Records every outcome taken (tests use it to prove a walk covered a tree).
    var edgeTrace: EdgeTrace?

    public init(
        host: String = "127.0.0.1", port: Int = 0, clock: any JourneyClock = SystemClock(), logRequests: Bool = true,
        log: @escaping @Sendable (String) -> Void = SimulatorOptions.standardError, maxBodyBytes: Int = 1 << 20,
        seed: UInt64 = 0x5EED_1234
    ) {
        self.host = host
        self.port = port
        self.clock = clock
        self.logRequests = logRequests
        self.log = log
        self.maxBodyBytes = maxBodyBytes
        self.seed = seed
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        // The throwing write: the non-throwing one traps when standard error is closed (a lost line is no error).
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }
}

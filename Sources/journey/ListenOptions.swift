import ArgumentParser
import JourneySimulator

/// Where a server command listens, whether it logs a line per request, and how it guards against
/// slow or too many clients.
struct ListenOptions: ParsableArguments {
    @Option(help: "Port to listen on (0-65535; 0 picks a free one).")
    var port: Int = 8080

    @Option(help: "Address to bind.")
    var bind: String = "127.0.0.1"

    @Flag(help: "Do not log a line per request.")
    var quiet = false

    @Option(help: "Seconds before a connection without a complete request part is closed (1-86400).")
    var idleTimeout: Int64 = 75

    @Option(help: "Seconds a new connection has to send its request headers (1-86400).")
    var headerTimeout: Int64 = 10

    @Option(help: "Seconds a request has to send its body once its headers are in (1-86400).")
    var bodyTimeout: Int64 = 30

    @Option(help: "Connections served at once; more wait until one closes (1-100000).")
    var maxConnections = 512

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, found \(port)")
        }
        for (name, value) in [
            ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
        ]
        where !(1...86_400).contains(value) {
            throw ValidationError("\(name) must be between 1 and 86400 seconds")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be between 1 and 100000")
        }
    }

    /// Server options with these settings.
    var serverOptions: SimulatorOptions {
        var options = SimulatorOptions()
        options.host = bind
        options.port = port
        options.logRequests = !quiet
        options.idleTimeout = idleTimeout
        options.headerTimeout = headerTimeout
        options.bodyTimeout = bodyTimeout
        options.maxConnections = maxConnections
        return options
    }
}

import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle

/// How the simulator and `HTTPHost` serve a responder: one Hummingbird application, with any
/// services that go along with it, in a quiet service group, started in the background or run
/// until SIGINT/SIGTERM.
enum HTTPServer {
    /// A server listening in the background, started by `start`.
    struct Started: Sendable {
        /// The bound port.
        let port: Int
        let host: String
        let group: ServiceGroup
        let task: Task<Void, any Error>

        /// `http://127.0.0.1:<port>`: a wildcard host is reached through the loopback address.
        var serverURL: String {
            let reachable = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
            return "http://\(reachable.contains(":") ? "[\(reachable)]" : reachable):\(port)"
        }

        /// Shuts down gracefully; after `cancelAfter` (if given) open requests are cancelled.
        func stop(cancelAfter limit: Duration? = nil) async {
            await group.triggerGracefulShutdown()
            let task = self.task
            guard let limit else {
                _ = try? await task.value
                return
            }
            let finished = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    _ = try? await task.value
                    return true
                }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return false
                }
                let first = await group.next() ?? true
                group.cancelAll()
                return first
            }
            if !finished {
                task.cancel()
                _ = try? await task.value
            }
        }
    }

    /// Starts listening and returns once the port is bound; `name` says what stopped if it never listened.
    static func start<Responder: HTTPResponder>(
        _ responder: Responder, options: SimulatorOptions, alongside services: [any Service] = [], name: String
    ) async throws -> Started where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = try application(responder, options: options) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app] + services, logger: quietLogger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            return Started(port: port, host: options.host, group: group, task: task)
        }
        try await task.value
        throw SimulatorStartError(message: "the \(name) stopped before it was listening")
    }

    /// Runs until the task is cancelled or the process gets SIGINT/SIGTERM, then shuts down
    /// gracefully, cancelling what is still in flight after a second. `onListening` receives the bound port.
    static func run<Responder: HTTPResponder>(
        _ responder: Responder, options: SimulatorOptions, alongside services: [any Service] = [],
        onListening: @escaping @Sendable (Int) -> Void
    ) async throws where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let app = try application(responder, options: options, onPort: onListening)
        var configuration = ServiceGroupConfiguration(
            services: [app] + services, gracefulShutdownSignals: [.sigterm, .sigint], logger: quietLogger)
        // Whatever is still in flight a second after the signal is cancelled: SIGTERM always stops the server.
        configuration.maximumGracefulShutdownDuration = .seconds(1)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "journey-simulator")
        logger.logLevel = .critical
        return logger
    }

    private static func application<Responder: HTTPResponder>(
        _ responder: Responder, options: SimulatorOptions, onPort: @escaping @Sendable (Int) -> Void
    ) throws -> some Service where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let headerTimeout = TimeAmount.seconds(options.headerTimeout)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeaderReadTimeoutInstaller(timeout: headerTimeout)],
            idleTimeout: .seconds(options.idleTimeout))
        let server: HTTPServerBuilder =
            try options.tls.map { try .tls(.http1(configuration: http1), tlsConfiguration: $0.configuration()) }
            ?? .http1(configuration: http1)
        return Application(
            responder: responder,
            server: server,
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(options.maxConnections, logger: quietLogger)),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? options.port) },
            logger: quietLogger)
    }
}

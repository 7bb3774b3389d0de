import Foundation
import Hummingbird
import JourneyCore
import Logging
import ServiceLifecycle

/// "An AM in the box": serves the journeys of a tree file over PingAM's authenticate protocol.
public enum Simulator {
    /// Starts listening and returns once the port is bound. Call `stop()` on the result when done.
    public static func start(_ definition: SimulatorDefinition, options: SimulatorOptions) async throws
        -> RunningSimulator
    {
        let core = SimulatorCore(definition: definition, options: options)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = makeApplication(core: core, options: options) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(
            configuration: .init(services: [app, HangReleaser(hangs: core.hangs)], logger: quietLogger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            let running = RunningSimulator(core: core, port: port, host: options.host, group: group, task: task)
            if options.logRequests { options.log(running.listeningLine) }
            return running
        }
        try await task.value
        throw SimulatorStartError(message: "the simulator stopped before it was listening")
    }

    /// Runs until the task is cancelled or the process gets SIGINT/SIGTERM, then shuts down gracefully
    /// (hanging requests are released first). For the command line.
    public static func run(_ definition: SimulatorDefinition, options: SimulatorOptions) async throws {
        let core = SimulatorCore(definition: definition, options: options)
        let app = makeApplication(core: core, options: options) { port in
            if options.logRequests {
                options.log(RunningSimulator.listeningLine(host: options.host, port: port, core: core))
            }
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [app, HangReleaser(hangs: core.hangs)], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: quietLogger))
        try await group.run()
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "journey-simulator")
        logger.logLevel = .critical
        return logger
    }

    private static func makeApplication(
        core: SimulatorCore, options: SimulatorOptions, onPort: @escaping @Sendable (Int) -> Void
    ) -> some Service {
        Application(
            responder: SimulatorResponder(core: core),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? options.port) },
            logger: quietLogger)
    }
}

/// The simulator could not start (for example, the port is taken).
public struct SimulatorStartError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Releases hanging requests when graceful shutdown begins, before the server waits for open requests.
struct HangReleaser: Service {
    let hangs: HangRegistry

    func run() async throws {
        try? await gracefulShutdown()
        hangs.releaseAll()
    }
}

import Foundation
import Hummingbird
import JourneyCore
import ServiceLifecycle

/// "An AM in the box": serves the journeys of a tree file over PingAM's authenticate protocol.
public enum Simulator {
    /// Starts listening and returns once the port is bound. Call `stop()` on the result when done.
    public static func start(_ tree: SimulatorTree, options: SimulatorOptions) async throws
        -> RunningSimulator
    {
        let core = SimulatorCore(tree: tree, options: options)
        let server = try await HTTPServer.start(
            SimulatorResponder(core: core), options: options, alongside: [HangReleaser(hangs: core.hangs)],
            name: "simulator")
        let running = RunningSimulator(core: core, server: server)
        if options.logRequests { options.log(running.listeningLine) }
        return running
    }

    /// A simulator without a socket, for tests (the `.router` setup of docs/architecture.md's
    /// "Testing"): requests reach its responder through `RunningSimulator.respond`. Its URLs name
    /// `options.host` and `options.port` (none when 0), where nothing listens.
    package static func inProcess(_ tree: SimulatorTree, options: SimulatorOptions) -> RunningSimulator {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return RunningSimulator(
            core: SimulatorCore(tree: tree, options: options), server: nil,
            inProcessURL: "http://\(host)\(options.port == 0 ? "" : ":\(options.port)")")
    }

    /// Runs until the task is cancelled or the process gets SIGINT/SIGTERM, then shuts down gracefully
    /// (requests held by a `hang` or `delay` fault are released first; whatever is still in flight a
    /// second later is cancelled). For the command line.
    public static func run(_ tree: SimulatorTree, options: SimulatorOptions) async throws {
        let core = SimulatorCore(tree: tree, options: options)
        try await HTTPServer.run(
            SimulatorResponder(core: core), options: options, alongside: [HangReleaser(hangs: core.hangs)]
        ) { port in
            if options.logRequests {
                options.log(RunningSimulator.listeningLine(host: options.host, port: port, core: core))
            }
        }
    }
}

/// The simulator could not start (for example, the port is taken).
package struct SimulatorStartError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// Releases hanging requests when graceful shutdown begins, before the server waits for open requests.
struct HangReleaser: Service {
    let hangs: HangRegistry

    func run() async throws {
        try? await gracefulShutdown()
        hangs.releaseAll()
    }
}

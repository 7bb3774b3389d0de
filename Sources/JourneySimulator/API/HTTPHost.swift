import Foundation
import HTTPTypes
import Hummingbird
import JourneyCore
import Logging
import NIOCore
import ServiceLifecycle

/// A plain HTTP request for an `HTTPHost` handler.
public struct HostRequest: Sendable {
    public var method: String
    /// Path and query as received.
    public var target: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
}

/// What an `HTTPHost` handler answers.
public struct HostResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Serves any request handler over HTTP with the simulator's server stack (Hummingbird), so
/// other servers in the box (`journey serve`'s recorded AM) start, log and stop like the simulator.
public enum HTTPHost {
    public typealias Handler = @Sendable (HostRequest) async -> HostResponse

    /// Starts listening and returns once the port is bound.
    public static func start(options: SimulatorOptions, handler: @escaping Handler) async throws -> RunningHost {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = application(options: options, handler: handler) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: Simulator.quietLogger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            return RunningHost(port: port, host: options.host, group: group, task: task)
        }
        try await task.value
        throw SimulatorStartError(message: "the server stopped before it was listening")
    }

    /// Runs until SIGINT/SIGTERM. `onListening` receives the bound port.
    public static func run(
        options: SimulatorOptions, handler: @escaping Handler, onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        let app = application(options: options, handler: handler, onPort: onListening)
        let group = ServiceGroup(
            configuration: .init(
                services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: Simulator.quietLogger))
        try await group.run()
    }

    private static func application(
        options: SimulatorOptions, handler: @escaping Handler, onPort: @escaping @Sendable (Int) -> Void
    ) -> some Service {
        Application(
            responder: HostResponder(handler: handler, maxBodyBytes: options.maxBodyBytes),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? options.port) },
            logger: Simulator.quietLogger)
    }
}

/// A server started by `HTTPHost.start`.
public final class RunningHost: Sendable {
    public let port: Int
    private let host: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(port: Int, host: String, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.host = host
        self.group = group
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    public var serverURL: String {
        let reachable = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return "http://\(reachable.contains(":") ? "[\(reachable)]" : reachable):\(port)"
    }

    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

struct HostResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let handler: HTTPHost.Handler
    let maxBodyBytes: Int

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            return Response(status: .contentTooLarge)
        }
        let incoming = HostRequest(
            method: request.method.rawValue, target: request.uri.string,
            headers: request.headers.map { ($0.name.rawName, $0.value) }, body: Array(buffer: body))
        let reply = await handler(incoming)
        var headers = HTTPFields()
        for header in reply.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}

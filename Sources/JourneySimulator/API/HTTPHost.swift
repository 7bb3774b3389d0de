import Foundation
import HTTPTypes
import Hummingbird
import JourneyCore
import NIOCore

/// A plain HTTP request for an `HTTPHost` handler.
package struct HostRequest: Sendable {
    package var method: String
    /// Path and query as received.
    package var target: String
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
}

/// What an `HTTPHost` handler answers.
package struct HostResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Serves any request handler over HTTP with the simulator's server stack (Hummingbird), so
/// other servers in the box (`journey serve`'s recorded AM) start, log and stop like the simulator.
package enum HTTPHost {
    package typealias Handler = @Sendable (HostRequest) async -> HostResponse

    /// Starts listening and returns once the port is bound.
    package static func start(options: SimulatorOptions, handler: @escaping Handler) async throws -> RunningHost {
        let server = try await HTTPServer.start(
            HostResponder(handler: handler, maxBodyBytes: options.maxBodyBytes, bodyTimeout: options.bodyTimeout),
            options: options, name: "server")
        return RunningHost(server: server)
    }

    /// Runs until SIGINT/SIGTERM. `onListening` receives the bound port.
    package static func run(
        options: SimulatorOptions, handler: @escaping Handler, onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        try await HTTPServer.run(
            HostResponder(handler: handler, maxBodyBytes: options.maxBodyBytes, bodyTimeout: options.bodyTimeout),
            options: options,
            onListening: onListening)
    }
}

/// A server started by `HTTPHost.start`.
package final class RunningHost: Sendable {
    private let server: HTTPServer.Started

    init(server: HTTPServer.Started) {
        self.server = server
    }

    package var port: Int { server.port }

    /// `http://127.0.0.1:<port>`.
    package var serverURL: String { server.serverURL }

    package func stop() async {
        await server.stop()
    }
}

struct HostResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let handler: HTTPHost.Handler
    let maxBodyBytes: Int
    let bodyTimeout: Int64

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let body: ByteBuffer
        switch await RequestBodyReader.read(request, upTo: maxBodyBytes, within: bodyTimeout) {
        case .body(let bytes): body = bytes
        case .tooLarge: return Response(status: .contentTooLarge)
        case .timedOut: return Response(status: .requestTimeout)
        case .failed(let error): throw error
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

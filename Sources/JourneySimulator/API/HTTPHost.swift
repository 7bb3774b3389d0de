import Foundation
import HTTPTypes
import Hummingbird
import JourneyCore
import NIOCore
import Synchronization

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
        let closing = HostClosing()
        let server = try await HTTPServer.start(
            HostResponder(
                handler: handler, maxBodyBytes: options.maxBodyBytes, bodyTimeout: options.bodyTimeout,
                closing: closing),
            options: options, name: "server")
        return RunningHost(server: server, closing: closing)
    }

    /// Runs until SIGINT/SIGTERM. `onListening` receives the bound port.
    package static func run(
        options: SimulatorOptions, handler: @escaping Handler, onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        try await HTTPServer.run(
            HostResponder(
                handler: handler, maxBodyBytes: options.maxBodyBytes, bodyTimeout: options.bodyTimeout,
                closing: HostClosing()),
            options: options,
            onListening: onListening)
    }
}

/// A server started by `HTTPHost.start`.
package final class RunningHost: Sendable {
    private let server: HTTPServer.Started
    private let closing: HostClosing

    init(server: HTTPServer.Started, closing: HostClosing) {
        self.server = server
        self.closing = closing
    }

    package var port: Int { server.port }

    /// Yields when a request's body begins to be read (the newest only, for one waiter).
    package var bodyReadsBegun: AsyncStream<Void> { closing.bodyReads.stream }

    /// `http://127.0.0.1:<port>`.
    package var serverURL: String { server.serverURL }

    package func stop() async {
        await server.stop()
    }

    /// Stops within about `limit`, whatever the clients do: a request whose body is still
    /// coming (a slow upload) is answered `reply` at once, and what is still open after
    /// `limit` is cancelled. The handler's own work is its to end (`journey capture` answers
    /// its exchanges in flight before it calls this).
    package func stop(answeringUnreadRequests reply: HostResponse, cancelAfter limit: Duration) async {
        closing.close(answering: reply)
        await server.stop(cancelAfter: limit)
    }
}

/// The host's stop as the requests whose bodies are still being read see it.
final class HostClosing: Sendable {
    private struct State: Sendable {
        var reply: HostResponse?
        var next = 0
        var reading: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())
    /// Yields when a request's body begins to be read (the newest only): what a test of the
    /// stop waits on before it stops the host.
    let bodyReads = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    /// The reply for requests cut short, once closing.
    var reply: HostResponse? { state.withLock { $0.reply } }

    func close(answering reply: HostResponse) {
        let reading = state.withLock { state -> [@Sendable () -> Void] in
            guard state.reply == nil else { return [] }
            state.reply = reply
            defer { state.reading = [:] }
            return Array(state.reading.values)
        }
        for cancel in reading { cancel() }
    }

    /// Runs `cancel` when the host closes; nil (nothing run) when it has closed already.
    func onClose(_ cancel: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard state.reply == nil else { return nil }
            state.next += 1
            state.reading[state.next] = cancel
            return state.next
        }
    }

    func forget(_ registration: Int) {
        _ = state.withLock { $0.reading.removeValue(forKey: registration) }
    }
}

struct HostResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let handler: HTTPHost.Handler
    let maxBodyBytes: Int
    let bodyTimeout: Int64
    let closing: HostClosing

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let body: ByteBuffer
        if let reply = closing.reply { return Self.response(reply) }
        let (maxBodyBytes, bodyTimeout) = (maxBodyBytes, bodyTimeout)
        let reading = Task { await RequestBodyReader.read(request, upTo: maxBodyBytes, within: bodyTimeout) }
        let registration = closing.onClose { reading.cancel() }
        closing.bodyReads.continuation.yield()
        let outcome = await withTaskCancellationHandler {
            await reading.value
        } onCancel: {
            reading.cancel()
        }
        if let registration { closing.forget(registration) }
        switch outcome {
        case .body(let bytes): body = bytes
        case .tooLarge: return Response(status: .contentTooLarge)
        case .timedOut: return Response(status: .requestTimeout)
        case .failed(let error):
            // The host closed while the body was still coming.
            if let reply = closing.reply { return Self.response(reply) }
            throw error
        }
        let incoming = HostRequest(
            method: request.method.rawValue, target: request.uri.string,
            headers: request.headers.map { ($0.name.rawName, $0.value) }, body: Array(buffer: body))
        return Self.response(await handler(incoming))
    }

    static func response(_ reply: HostResponse) -> Response {
        var headers = HTTPFields()
        for header in reply.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}

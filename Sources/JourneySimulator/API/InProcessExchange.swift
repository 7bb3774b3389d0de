import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A request handed to a simulator in process: the tests' `.router` setup, as Hummingbird's
/// `HummingbirdTesting` has it, where the live one goes through a socket. The request goes
/// through the same responder (body limits, faults, routing, CORS) and gets the same reply;
/// only the socket is missing. See "Testing" in docs/architecture.md.
package struct InProcessRequest: Sendable {
    package var method: String
    /// The path and query, as in a request line.
    package var target: String
    /// `host:port` as the client addressed the simulator (`Host`).
    package var authority: String
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]?

    package init(
        method: String, target: String, authority: String, headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil
    ) {
        self.method = method
        self.target = target
        self.authority = authority
        self.headers = headers
        self.body = body
    }
}

/// What a simulator answered in process.
package enum InProcessOutcome: Sendable {
    /// A reply, with the `Content-Length` the server would send.
    case reply(status: Int, headers: [(name: String, value: String)], body: [UInt8])
    /// The connection was dropped without an answer: a `close` fault, or a `hang` the simulator's
    /// `stop()` released (a client over a socket sees the connection close).
    case dropped
    /// No answer within the timeout: the request's connection was closed, as a client that
    /// gives up closes its socket (a request held by `hang` or `delay` is released).
    case timedOut
}

extension RunningSimulator {
    /// Hands `request` to the simulator's responder in process and waits at most `timeout` for
    /// the answer. A cancelled caller closes the request's connection, as a timeout does.
    package func respond(_ request: InProcessRequest, timeout: Duration? = nil) async -> InProcessOutcome {
        let connection = InProcessConnection()
        return await withTaskCancellationHandler {
            guard let timeout else { return await exchange(request, on: connection) }
            return await withTaskGroup(of: InProcessOutcome?.self) { group in
                group.addTask { await self.exchange(request, on: connection) }
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return nil
                }
                // After the deadline the answer is not waited for: the connection closes, and
                // whatever the responder ends with then is lost, as on a closed socket.
                var late = false
                while let next = await group.next() {
                    guard let outcome = next else {
                        late = true
                        connection.closeNow()
                        continue
                    }
                    group.cancelAll()
                    return late ? .timedOut : outcome
                }
                return .timedOut
            }
        } onCancel: {
            connection.closeNow()
        }
    }

    private func exchange(_ request: InProcessRequest, on connection: InProcessConnection) async -> InProcessOutcome {
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        if let body = request.body, fields[.contentLength] == nil { fields[.contentLength] = String(body.count) }
        let head = HTTPRequest(
            method: HTTPRequest.Method(request.method) ?? .get, scheme: "http", authority: request.authority,
            path: request.target, headerFields: fields)
        let hummingbirdRequest = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: request.body ?? [])))
        let context = SimulatorContext(
            source: InProcessContextSource(logger: HTTPServer.quietLogger), connection: connection)
        let response: Response
        do {
            response = try await SimulatorResponder(core: core).respond(to: hummingbirdRequest, context: context)
        } catch {
            return .dropped
        }
        let collected = CollectedBody()
        try? await response.body.write(CollectingWriter(collected: collected))
        let bytes = collected.bytes.withLock { $0 }
        var headers = response.headers
        if headers[.contentLength] == nil { headers[.contentLength] = String(bytes.count) }
        return .reply(
            status: response.status.code, headers: headers.map { (name: $0.name.rawName, value: $0.value) },
            body: bytes)
    }
}

/// The context source of an in-process request: a logger, and no channel.
struct InProcessContextSource: RequestContextSource {
    let logger: Logger
}

/// A response body written in process.
final class CollectedBody: Sendable {
    let bytes = Mutex<[UInt8]>([])
}

/// Writes a response body into a ``CollectedBody``.
struct CollectingWriter: ResponseBodyWriter {
    let collected: CollectedBody

    func write(_ buffer: ByteBuffer) async throws { collected.bytes.withLock { $0 += Array(buffer: buffer) } }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

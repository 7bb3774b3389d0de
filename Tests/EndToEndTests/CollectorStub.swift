import Foundation
import JourneyTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An OTLP/HTTP collector stand-in on 127.0.0.1: it keeps every request it gets and answers 200
/// with an empty protobuf body.
final class CollectorStub: Sendable {
    struct Request: Sendable {
        var path: String
        var head: String
        var body: Data
    }

    private let server: LoopbackServer
    private let received: Received

    var endpoint: String { "http://127.0.0.1:\(port)" }
    var port: Int { server.port }
    var requests: [Request] { received.list.withLock { $0 } }

    /// The requests received so far.
    private final class Received: Sendable {
        let list = Mutex<[Request]>([])
    }

    init() throws {
        let received = Received()
        self.received = received
        server = try LoopbackServer { connection in
            // Keep-alive: requests one after another until the client closes.
            while let (path, head, body) = LoopbackSocket.readRequest(connection) {
                received.list.withLock { $0.append(Request(path: path, head: head, body: body)) }
                let reply = "HTTP/1.1 200 OK\r\nContent-Type: application/x-protobuf\r\nContent-Length: 0\r\n\r\n"
                guard LoopbackSocket.write(connection, Data(reply.utf8)) else { break }
            }
        }
    }

    func stop() { server.stop() }
}

import Foundation
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

    let port: Int
    private let listener: Int32
    private let received = Mutex<[Request]>([])

    var endpoint: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { received.withLock { $0 } }

    init() throws {
        (listener, port) = try LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in
                // Keep-alive: requests one after another until the client closes.
                while let (path, head, body) = LoopbackSocket.readRequest(connection) {
                    received.withLock { $0.append(Request(path: path, head: head, body: body)) }
                    let reply = "HTTP/1.1 200 OK\r\nContent-Type: application/x-protobuf\r\nContent-Length: 0\r\n\r\n"
                    guard LoopbackSocket.write(connection, Data(reply.utf8)) else { break }
                }
                close(connection)
            }
        }
    }
}

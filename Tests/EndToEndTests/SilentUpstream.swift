import Foundation
import JourneyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An upstream that accepts every connection, reads the request, and never answers: it holds
/// the connection until the client goes. `received` yields each request's path once it is read,
/// so a test knows a request is in flight without waiting on time.
final class SilentUpstream: Sendable {
    let received: AsyncStream<String>
    private let arrivals: AsyncStream<String>.Continuation
    private let server: LoopbackServer

    var port: Int { server.port }
    var baseURL: String { "http://127.0.0.1:\(port)/am" }

    init() throws {
        let (received, arrivals) = AsyncStream<String>.makeStream(of: String.self)
        self.received = received
        self.arrivals = arrivals
        server = try LoopbackServer { connection in
            if let (path, _, _) = LoopbackSocket.readRequest(connection) {
                arrivals.yield(path)
                var byte: UInt8 = 0
                while recv(connection, &byte, 1, 0) > 0 {}  // until the client goes away
            }
        }
    }

    func stop() {
        arrivals.finish()
        server.stop()
    }
}

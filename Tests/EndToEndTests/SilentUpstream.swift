import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An upstream that accepts every connection, reads the request, and never answers: it holds
/// the connection until the client goes. `received` yields each request's path once it is read,
/// so a test knows a request is in flight without waiting on time.
final class SilentUpstream: Sendable {
    let port: Int
    let received: AsyncStream<String>
    private let arrivals: AsyncStream<String>.Continuation
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)

    var baseURL: String { "http://127.0.0.1:\(port)/am" }

    init() throws {
        (listener, port) = try LoopbackSocket.listen()
        (received, arrivals) = AsyncStream<String>.makeStream()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
        arrivals.finish()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let arrivals = arrivals
            Thread.detachNewThread {
                if let (path, _, _) = LoopbackSocket.readRequest(connection) {
                    arrivals.yield(path)
                    var byte: UInt8 = 0
                    while recv(connection, &byte, 1, 0) > 0 {}  // until the client goes away
                }
                close(connection)
            }
        }
    }
}

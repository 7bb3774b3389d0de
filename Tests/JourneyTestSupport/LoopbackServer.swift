import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in server on 127.0.0.1 (ephemeral port), for the tests about sockets: each
/// connection gets its own thread, is handed to `serve`, and is closed when `serve` returns.
/// What the server says (a hostile AM, a silent upstream, a collector) is its `serve`.
package final class LoopbackServer: Sendable {
    package let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)

    package init(serve: @escaping @Sendable (_ connection: Int32) -> Void) throws {
        (listener, port) = try LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop(serve) }
    }

    /// Stops accepting; open connections end when their `serve` returns.
    package func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop(_ serve: @escaping @Sendable (Int32) -> Void) {
        while !stopped.load(ordering: .relaxed) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread {
                serve(connection)
                close(connection)
            }
        }
    }
}

import Hummingbird
import NIOCore
import NIOPosix
import Synchronization

/// Reads a request's whole body for the simulator and `HTTPHost`, within a size and a time limit:
/// a client that sends its body a byte at a time is answered 408 instead of holding the request.
enum RequestBodyReader {
    enum Outcome: Sendable {
        case body(ByteBuffer)
        case tooLarge
        case timedOut
        /// The connection failed while the body was read.
        case failed(any Error)
    }

    /// The time limit is an event-loop timer that is cancelled (and freed) as soon as the body is
    /// in. A racing `Task.sleep` would do the same work but, cancelled, leaves its wake-up queued
    /// on NIO's executor until the limit passes: under a flood that held one job per request for
    /// the whole body timeout (hundreds of MB, docs/performance.md).
    static func read(_ request: Request, upTo maxBytes: Int, within seconds: Int64) async -> Outcome {
        let collect = Task {
            var request = request
            return try await request.collectBody(upTo: maxBytes)
        }
        let expired = TimeoutFlag()
        let timer = NIOSingletons.posixEventLoopGroup.any().scheduleTask(in: .seconds(seconds)) {
            expired.set()
            collect.cancel()
        }
        defer { timer.cancel() }
        do {
            let body = try await withTaskCancellationHandler {
                try await collect.value
            } onCancel: {
                collect.cancel()
            }
            return .body(body)
        } catch is NIOTooManyBytesError {
            return .tooLarge
        } catch {
            return expired.isSet ? .timedOut : .failed(error)
        }
    }
}

/// Set once by the timer, read by the reader.
private final class TimeoutFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

import Hummingbird
import JourneyCore
import NIOCore
import NIOPosix

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

    static func read(_ request: Request, upTo maxBytes: Int, within seconds: Int64) async -> Outcome {
        do {
            let body = try await TimeLimit.run(seconds: Double(seconds), on: NIOSingletons.posixEventLoopGroup.any()) {
                var request = request
                return try await request.collectBody(upTo: maxBytes)
            }
            return .body(body)
        } catch is NIOTooManyBytesError {
            return .tooLarge
        } catch is TimeLimit.Exceeded {
            return .timedOut
        } catch {
            return .failed(error)
        }
    }
}

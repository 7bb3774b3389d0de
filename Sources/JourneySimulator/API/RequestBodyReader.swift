import Hummingbird
import NIOCore

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
        await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                var request = request
                do {
                    return .body(try await request.collectBody(upTo: maxBytes))
                } catch is NIOTooManyBytesError {
                    return .tooLarge
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return .timedOut
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .timedOut
        }
    }
}

import Foundation
import JourneyCore
import JourneyRun
import Synchronization

/// The tests' one scripted `Transport`: it keeps every request it is sent and answers each with
/// what its `answer` returns (given the request and its number, from 0), or throws the transport
/// error `answer` throws. A fake server is an `answer`; canned bodies are ``init(responses:)``.
package final class ScriptedTransport: Transport {
    package typealias Answer = @Sendable (TransportRequest, Int) async throws(TransportError) -> TransportResponse

    private let answer: Answer
    private let sent = Mutex<[TransportRequest]>([])

    package init(_ answer: @escaping Answer) {
        self.answer = answer
    }

    /// Answers request n with `responses[n]`, and each request past the end with the last one.
    package convenience init(responses: [TransportResponse]) {
        self.init { _, index in responses[min(index, responses.count - 1)] }
    }

    /// Answers request n with the JSON body `bodies[n]` (status 200), and each request past the end with the last one.
    package convenience init(json bodies: [JSONValue]) {
        self.init(responses: bodies.map { Self.json($0) })
    }

    /// The requests sent so far, oldest first.
    package var requests: [TransportRequest] { sent.withLock { $0 } }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        return try await answer(request, index)
    }

    /// A response with a JSON content type.
    package static func json(_ text: String, status: Int = 200, headers: [HeaderField] = []) -> TransportResponse {
        TransportResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    /// A response with a JSON content type.
    package static func json(_ value: JSONValue, status: Int = 200, headers: [HeaderField] = []) -> TransportResponse {
        TransportResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json")] + headers, body: value.encoded)
    }
}

extension TransportRequest {
    /// The body read as JSON (`null` when there is none or it is not JSON).
    package var bodyJSON: JSONValue { body.flatMap { try? JSONValue.parse($0) } ?? .null }
}

import Foundation
import JourneyCore

/// Reads the simulator's outbox (`GET /__simulator/outbox/<recipient>`): the newest message.
enum OutboxReader {
    static func newestMessage(for recipient: String, origin: String, transport: any Transport)
        async throws(RunError) -> JSONValue?
    {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@+"))
        let encoded = recipient.addingPercentEncoding(withAllowedCharacters: allowed) ?? recipient
        let url = "\(origin)/__simulator/outbox/\(encoded)"
        let response: TransportResponse
        do {
            response = try await transport.send(
                TransportRequest(
                    method: "GET", url: url, headers: [HeaderField("Accept", "application/json")],
                    toScriptServer: false))
        } catch {
            if case .replayMismatch(let diff) = error { throw RunError(.mismatch, diff) }
            throw RunError(.transport, "reading the outbox at \(url): \(error)", transportFailure: error.kind)
        }
        guard response.status == 200, let json = try? JSONValue.parse(response.body) else {
            throw RunError(
                .protocol,
                "reading the outbox at \(url): HTTP \(response.status) \(ResponseReader.excerpt(response.body)) (the outbox exists only on the simulator)"
            )
        }
        return json["messages"]?.arrayValue?.last
    }
}

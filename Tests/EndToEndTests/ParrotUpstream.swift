import Foundation
import JourneyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An upstream that refuses everything and says what it was sent: each request is answered 401
/// with an AM-shaped error whose message repeats the request's target and body, as a server
/// that logs a failed login back to the client would. The capture must still show no secret.
final class ParrotUpstream: Sendable {
    private let server: LoopbackServer

    var port: Int { server.port }
    var baseURL: String { "http://127.0.0.1:\(port)/am" }

    init() throws {
        server = try LoopbackServer(serve: Self.serve)
    }

    func stop() { server.stop() }

    private static func serve(_ connection: Int32) {
        guard let (_, head, body) = LoopbackSocket.readRequest(connection) else { return }
        let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let said = "Invalid credentials: \(target) \(String(decoding: body, as: UTF8.self))"
        let json =
            (try? JSONSerialization.data(
                withJSONObject: ["code": 401, "reason": "Unauthorized", "message": said] as [String: Any]))
            ?? Data()
        let head401 =
            "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(json.count)\r\nConnection: close\r\n\r\n"
        _ = LoopbackSocket.write(connection, Data(head401.utf8) + json)
    }
}

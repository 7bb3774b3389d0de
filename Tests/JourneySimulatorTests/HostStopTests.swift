import Foundation
import Testing

@testable import JourneySimulator

#if canImport(Glibc)
    import Glibc
#endif

/// The host's stop, as `journey capture` stops: an app still uploading its request's body is
/// answered the stop's reply at once, not left waiting for a body timeout or the cut.
@Suite struct HostStopTests {
    @Test func aSlowUploadIsAnsweredTheStopsReply() async throws {
        var options = SimulatorOptions(logRequests: false)
        // Only the stop can end this request: every other limit is an hour away.
        options.headerTimeout = 3600
        options.bodyTimeout = 3600
        options.idleTimeout = 3600
        let host = try await HTTPHost.start(options: options) { _ in
            HostResponse(status: 200, headers: [], body: Array("handled".utf8))
        }
        let connection = try RawConnection(port: host.port)
        connection.send("POST /am/json/realms/root/authenticate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"a")
        for await _ in host.bodyReadsBegun { break }
        let reply = HostResponse(
            status: 502, headers: [("Content-Type", "application/json")], body: Array(#"{"message":"stopped"}"#.utf8))
        let stopping = Task { await host.stop(answeringUnreadRequests: reply, cancelAfter: .seconds(3600)) }
        let answer = await connection.readSome()
        #expect(answer.hasPrefix("HTTP/1.1 502"), "\(answer)")
        #expect(answer.contains(#"{"message":"stopped"}"#), "\(answer)")
        #expect(!answer.contains("handled"))
        shutdown(connection.socket, Int32(SHUT_RDWR))
        await stopping.value
    }
}

import AsyncHTTPClient
import Foundation
import JourneyCore
import NIOCore
import Testing

@testable import JourneySimulator

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the simulator, for clients that misbehave below HTTP.
final class RawConnection {
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        // Every read below is bounded: a server that never closes fails the test instead of hanging it.
        var limit = timeval(tv_sec: Self.readLimit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Seconds a read waits: past the limits the tests leave out of play (600 s), so the server
    /// itself ends every wait (its answer, or its close). A guard against a server that never
    /// closes, not a deadline: the answer to a timed-out body is written by the concurrency pool's
    /// threads, which another test's blocking wait can hold for longer than a limit of seconds.
    static let readLimit = 660

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads at least one byte; what was read.
    func readSome() async -> String {
        let socket = self.socket
        return await Self.offThePool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        }
    }

    /// Reads until the server closes the connection; the seconds it took, or nil when the read timed out.
    func secondsUntilClosed() async -> Double? {
        let socket = self.socket
        return await Self.offThePool {
            let started = Date()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count == 0 { return Date().timeIntervalSince(started) }
                if count < 0 { return errno == ECONNRESET ? Date().timeIntervalSince(started) : nil }
            }
        }
    }

    /// Runs a blocking read on a thread of its own: blocking the concurrency pool's few threads would
    /// starve the in-process simulator's handlers.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

@Suite("Slow and greedy clients")
struct SlowClientTests {
    static func start(
        headerTimeout: Int64 = 1, idleTimeout: Int64 = 2, bodyTimeout: Int64 = 30, maxConnections: Int = 512
    ) async throws -> RunningSimulator {
        var options = SimulatorOptions(logRequests: false)
        options.headerTimeout = headerTimeout
        options.bodyTimeout = bodyTimeout
        options.idleTimeout = idleTimeout
        options.maxConnections = maxConnections
        return try await Simulator.start(try Harness.tree(), options: options)
    }

    @Test("headers sent a piece at a time (slowloris) are cut off at the header timeout")
    func slowHeadersAreDropped() async throws {
        let simulator = try await Self.start(headerTimeout: 1, idleTimeout: 600, bodyTimeout: 600)
        let connection = try RawConnection(port: simulator.port)
        connection.send("POST /am/json/realms/root/authenticate HTTP/1.1\r\nHost: x\r\n")
        let seconds = await connection.secondsUntilClosed()
        await simulator.stop()
        // The header timeout is the only limit below ten minutes: a close before then is its doing.
        #expect(seconds != nil)
        #expect((seconds ?? 600) < 600)
    }

    @Test("a body sent a piece at a time is answered 408 at the body timeout")
    func slowBodyIsAnswered408() async throws {
        // The body never ends. The 408 itself says the body timeout ended the wait (the other
        // limits, ten minutes, would close without an answer), however late it comes.
        let simulator = try await Self.start(headerTimeout: 600, idleTimeout: 600, bodyTimeout: 1)
        let connection = try RawConnection(port: simulator.port)
        connection.send(
            "POST /am/json/realms/root/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"a")
        let answer = await connection.readSome()
        await simulator.stop()
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
    }

    @Test("a connection left idle after its answer is closed at the idle timeout")
    func idleConnectionsAreClosed() async throws {
        let simulator = try await Self.start(headerTimeout: 600, idleTimeout: 1, bodyTimeout: 600)
        let connection = try RawConnection(port: simulator.port)
        connection.send("GET /__simulator/stats HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await connection.readSome().hasPrefix("HTTP/1.1 200"))
        let seconds = await connection.secondsUntilClosed()
        await simulator.stop()
        // The idle timeout is the only limit below ten minutes: a close before then is its doing.
        #expect(seconds != nil)
        #expect((seconds ?? 600) < 600)
    }

    @Test("past maxConnections a new connection waits until one closes")
    func connectionsAreCapped() async throws {
        // The held connections stay open (their limits, ten minutes) while the next one waits.
        let simulator = try await Self.start(headerTimeout: 600, idleTimeout: 600, maxConnections: 2)
        var held = [try RawConnection(port: simulator.port), try RawConnection(port: simulator.port)]
        for connection in held {
            connection.send("GET /__simulator/stats HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await connection.readSome().hasPrefix("HTTP/1.1 200"))
        }
        var request = HTTPClientRequest(url: simulator.serverURL + "/__simulator/stats")
        request.method = .GET
        await #expect(throws: HTTPClientError.self) {
            _ = try await Harness.client.execute(request, timeout: .seconds(1))
        }
        held.removeAll()
        let response = try await Harness.client.execute(request, timeout: Harness.requestTimeout)
        #expect(response.status == .ok)
        await simulator.stop()
    }
}

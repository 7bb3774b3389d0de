import Foundation
import Synchronization
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The run's timeout (`server.timeout`, or `--timeout`) and the script's `server.headers` are
/// applied to every request in one place, when the session sends it; a phase names only a
/// tighter limit of its own.
@Suite struct RequestTimeoutTests {
    /// FakeAM's login, with each request's timeout kept.
    final class Timed: Transport {
        let server = FakeAM(password: "pw")
        private let seen = Mutex<[(timeout: Double, tenants: Int)]>([])
        var timeouts: [Double] { seen.withLock { $0.map(\.timeout) } }
        /// How many `X-Tenant` headers each request carried.
        var tenantHeaders: [Int] { seen.withLock { $0.map(\.tenants) } }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let tenants = request.headers.filter { $0.name == "X-Tenant" }.count
            seen.withLock { $0.append((request.timeoutSeconds, tenants)) }
            return try await server.send(request)
        }
    }

    static func script(timeout: String) -> String {
        """
        version: 1
        name: Timed login
        server: { url: "http://am.test/am"\(timeout) }
        journey: Login
        handlers:
          NameCallback: demo
          PasswordCallback: pw
          HiddenValueCallback: x
        expect: { outcome: success }
        """
    }

    @Test(arguments: [(", timeout: 7", nil, 7.0), ("", nil, 30), (", timeout: 7", 2.5, 2.5)])
    func everyRequestGetsTheRunsTimeout(scriptTimeout: String, override: Double?, expected: Double) async throws {
        let journey = try RecordingSupport.compile(Self.script(timeout: scriptTimeout))
        let transport = Timed()
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(transport: transport, timeoutSeconds: override))
        #expect(result.status == .passed, "\(result.error.map(String.init(describing:)) ?? "")")
        #expect(transport.timeouts.count == 2)
        #expect(transport.timeouts.allSatisfy { $0 == expected }, "\(transport.timeouts)")
    }

    @Test func everyRequestCarriesTheScriptsHeadersOnce() async throws {
        let journey = try RecordingSupport.compile(Self.script(timeout: ", headers: { X-Tenant: t1 }"))
        let transport = Timed()
        let result = await JourneyDriver.run(journey, configuration: RunConfiguration(transport: transport))
        #expect(result.status == .passed)
        #expect(transport.tenantHeaders == [1, 1])
    }
}

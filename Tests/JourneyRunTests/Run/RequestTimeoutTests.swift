import Foundation
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The run's timeout (`server.timeout`, or `--timeout`) and the script's `server.headers` are
/// applied to every request in one place, when the session sends it; a phase names only a
/// tighter limit of its own.
@Suite struct RequestTimeoutTests {
    /// FakeAM's login; the transport keeps each request, with its timeout.
    static func timed() -> ScriptedTransport { FakeAM.transport(password: "pw") }

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
        let journey = try LoaderTestSupport.compile(Self.script(timeout: scriptTimeout))
        let transport = Self.timed()
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(transport: transport, timeoutSeconds: override))
        let timeouts = transport.requests.map(\.timeoutSeconds)
        #expect(result.status == .passed, "\(result.error.map(String.init(describing:)) ?? "")")
        #expect(timeouts.count == 2)
        #expect(timeouts.allSatisfy { $0 == expected }, "\(timeouts)")
    }

    @Test func everyRequestCarriesTheScriptsHeadersOnce() async throws {
        let journey = try LoaderTestSupport.compile(Self.script(timeout: ", headers: { X-Tenant: t1 }"))
        let transport = Self.timed()
        let result = await JourneyDriver.run(journey, configuration: RunConfiguration(transport: transport))
        // How many `X-Tenant` headers each request carried.
        let tenantHeaders = transport.requests.map { $0.headers.filter { $0.name == "X-Tenant" }.count }
        #expect(result.status == .passed)
        #expect(tenantHeaders == [1, 1])
    }
}

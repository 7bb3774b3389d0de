import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// A request that got no response leaves its transport failure on the run's error as a value,
/// so what classifies it (a load's `timeout` class) never reads the message's wording.
@Suite struct TransportFailureTests {
    /// Fails every request with `error`.
    static func failing(_ error: TransportError) -> ScriptedTransport {
        ScriptedTransport { _, _ throws(TransportError) in throw error }
    }

    @Test(
        arguments: [
            (TransportError.timeout(2), TransportError.Kind.timeout),
            (.unreachable("connection refused"), .unreachable),
            (.connectionClosed("reset"), .connectionClosed),
            (.failed("bad certificate"), .failed),
        ])
    func theRunErrorCarriesTheTransportFailure(error: TransportError, kind: TransportError.Kind) async throws {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: No answer
            journey: Login
            expect: { outcome: success }
            """)
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: Self.failing(error)))
        #expect(result.status == .error)
        #expect(result.error?.kind == .transport)
        #expect(result.error?.transportFailure == kind)
    }

    @Test func anOutboxReadThatTimesOutCarriesItToo() async throws {
        do {
            _ = try await OutboxReader.newestMessage(
                for: "demo@example.com", origin: "http://am.test", transport: Self.failing(.timeout(2)))
            Issue.record("the outbox read did not fail")
        } catch {
            #expect(error.kind == .transport)
            #expect(error.transportFailure == .timeout)
        }
    }

    @Test func redactionKeepsTheTransportFailure() {
        var result = JourneyResult(
            name: "login", file: "login.yaml",
            error: RunError(.transport, "GET /am?code=s3cr3t: timed out", step: 1, transportFailure: .timeout))
        let redactor = Redactor()
        redactor.register("s3cr3t", name: "code")
        redactor.redactTexts(of: &result)
        #expect(result.error?.transportFailure == .timeout)
        #expect(result.error?.message.contains("s3cr3t") == false)
    }
}

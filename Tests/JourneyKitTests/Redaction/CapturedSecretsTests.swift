import Foundation
import JourneyCore
import Synchronization
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// Issue 16 item 10: values the runner captures from an MFA registration are secrets from the
/// moment they are read, whether or not the capture says `secret: true`.
@Suite struct CapturedSecretsTests {
    /// Answers each request with the next of `bodies`.
    final class CannedAM: Transport {
        let bodies: [JSONValue]
        private let next = Mutex(0)

        init(_ bodies: [JSONValue]) { self.bodies = bodies }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let index = next.withLock { value in
                defer { value += 1 }
                return value
            }
            return TransportResponse(
                status: 200, headers: [HeaderField("Content-Type", "application/json")],
                body: bodies[min(index, bodies.count - 1)].encoded)
        }
    }

    @Test func recoveryCodesAreSecretsOnceCaptured() async throws {
        let step = try Fixtures.json("callbacks/mfa/recovery-codes-display.json")
        let codes = MFAScraper.recoveryCodes(in: try #require(AMStep(json: step)))
        #expect(codes.count == 10)
        let journey = try RecordingSupport.compile(
            """
            version: 1
            name: Recovery codes
            journey: RecoveryCodes
            capture:
              codes: { from: recoveryCodes }
            expect: { outcome: success }
            """)
        let transport = CannedAM([step, AMSuccess(tokenId: "token-1", successUrl: "/am", realm: "/").json])
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let summary = RunSummary(results: [result])
        let outputs = [
            ConsoleReporter(verbose: true).scriptFinished(result), JSONReport.render(summary),
            JUnitReport.render(summary), HARWriter.text(HARWriter.document([result])),
        ]
        for code in codes {
            #expect(outputs.allSatisfy { !$0.contains(code) }, "recovery code \(code) in an output")
        }
        #expect(outputs[0].contains("«recoveryCode»"))
        #expect(result.variables["codes"] == nil, "a secret capture is not recorded as a variable")
    }
}

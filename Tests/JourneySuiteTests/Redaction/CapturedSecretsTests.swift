import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// Issue 16 item 10: values the runner captures from an MFA registration are secrets from the
/// moment they are read, whether or not the capture says `secret: true`.
@Suite struct CapturedSecretsTests {
    @Test func recoveryCodesAreSecretsOnceCaptured() async throws {
        let step = try Fixtures.json("callbacks/mfa/recovery-codes-display.json")
        let codes = MFAScraper.recoveryCodes(in: try #require(AMStep(json: step)))
        #expect(codes.count == 10)
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Recovery codes
            journey: RecoveryCodes
            capture:
              codes: { from: recoveryCodes }
            expect: { outcome: success }
            """)
        let transport = ScriptedTransport(json: [
            step, AMSuccess(tokenId: "token-1", successUrl: "/am", realm: "/").json,
        ])
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

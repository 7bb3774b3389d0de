import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// Recovery codes a journey shows (AM's Recovery Code Display node) are captured as secrets and
/// answer a later callback, never shown in an output.
@Suite struct RecoveryCodeReuseTests {
    @Test func aCapturedCodeAnswersALaterCallbackAsASecret() async throws {
        let display = try Fixtures.json("callbacks/mfa/recovery-codes-display.json")
        let codes = MFAScraper.recoveryCodes(in: try #require(AMStep(json: display)))
        let code = try #require(codes.first)
        let am = PasskeyAM.transport([
            display, try Fixtures.json("callbacks/NameCallback.json"),
            AMSuccess(tokenId: "token-1", successUrl: "/am/console", realm: "/").json,
        ])
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Use a recovery code
            journey: RecoveryCodes
            capture:
              codes: { from: recoveryCodes }
            handlers:
              NameCallback: "{{ codes.0 }}"
            """)
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: am))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let sent = try #require(AMStep(json: am.requests[2].bodyJSON))
        #expect(sent.callbacks.first?.input?.first?.value.stringValue == code)
        let outputs = PasskeyOutcomeCheck.outputs([result])
        for output in outputs {
            #expect(!output.contains(code), "the recovery code in an output")
        }
        #expect(outputs[0].contains("«recoveryCode»"))
    }
}

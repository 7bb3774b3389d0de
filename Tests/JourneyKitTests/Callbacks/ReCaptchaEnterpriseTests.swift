import Foundation
import JourneyCore
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// reCAPTCHA Enterprise as the Ping SDK's ReCaptchaEnterpriseConfig does it.
@Suite struct ReCaptchaEnterpriseTests {
    let path = "callbacks/ReCaptchaEnterpriseCallback.json"
    let minimalPath = "callbacks/ReCaptchaEnterpriseCallback--minimal.json"

    @Test func defaultsAreActionLoginEmptyPayloadAndTimeout15000() async throws {
        let json = try Fixtures.json(minimalPath)
        let environment = TestEnvironment()
        let result = try await answer(
            try Fixtures.step(minimalPath),
            [
                handler("ReCaptchaEnterpriseCallback") { $0.token = command("echo", "tok-123") }
            ], environment: environment)
        #expect(
            result.step.json
                == fixture(json, setting: [(0, "IDToken1token", "tok-123"), (0, "IDToken1action", "login")]))
        #expect(environment.timeoutsSeen == [15000])
        #expect(result.note(0, "action") == "login")
        #expect(result.note(0, "siteKey") == "6Lf3tbYUAAAAAEm78fAOFRKb-n1M67FDtmpczIBK")
        #expect(result.note(0, "payload") == nil)
        #expect(
            result.traced(0, "IDToken1token")
                == InputTrace(name: "IDToken1token", value: "«recaptcha-token»", redacted: true))
    }

    @Test func actionTimeoutAndPayloadAsSortedJSONText() async throws {
        let json = try Fixtures.json(path)
        let environment = TestEnvironment()
        let payload: JSONValue = [
            "firewallPolicyEvaluation": true,
            "transactionData": ["transactionId": "TXN-12345", "value": 99.99, "currencyCode": "USD"],
        ]
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = text("tok")
                    $0.action = located("purchase")
                    $0.timeoutMilliseconds = located(20000)
                    $0.payload = located(payload)
                }
            ], environment: environment)
        let payloadText =
            #"{"firewallPolicyEvaluation":true,"transactionData":{"currencyCode":"USD","transactionId":"TXN-12345","value":99.99}}"#
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1token", "tok"), (0, "IDToken1action", "purchase"),
                        (0, "IDToken1payload", .string(payloadText)),
                    ]))
        #expect(environment.timeoutsSeen == [20000])
        #expect(result.note(0, "payload") == payloadText)
    }

    @Test func clientErrorInsteadOfAToken() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") { $0.clientError = text("recaptcha_failed") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1clientError", "recaptcha_failed")]))
        #expect(result.note(0, "clientError") == "recaptcha_failed")
    }

    @Test func failingProviderSetsTheClientErrorToItsMessage() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") { $0.token = command("false") }
            ])
        let message = "command 'false' failed with exit status 1"
        #expect(
            result.step.json
                == fixture(
                    json, setting: [(0, "IDToken1clientError", .string(message)), (0, "IDToken1action", "login")]))
        #expect(result.note(0, "clientError") == message)
    }

    @Test func slowProviderTimesOutIntoTheClientError() async throws {
        let environment = TestEnvironment()
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = command("sleep", "5000", "late-token")
                    $0.timeoutMilliseconds = located(100)
                }
            ], environment: environment)
        let inputs = result.step.callbacks[0].input ?? []
        #expect(inputs.first { $0.name == "IDToken1token" }?.value == "")
        #expect(
            inputs.first { $0.name == "IDToken1clientError" }?.value
                == "command 'sleep 5000 late-token' timed out after 100 ms")
        #expect(environment.timeoutsSeen == [100])
    }

    @Test func aMissingEnvironmentVariableIsStillAScriptError() async throws {
        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step(path),
                [
                    handler("ReCaptchaEnterpriseCallback") { $0.token = env("RECAPTCHA_TOKEN") }
                ])
        }
    }

    @Test func tokenFromADeclaredSecretIsRedactedEverywhere() async throws {
        let environment = TestEnvironment(variables: ["RECAPTCHA_TOKEN": "super-secret-token"])
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = env("RECAPTCHA_TOKEN", secret: true)
                    $0.payload = located(["note": "super-secret-token"])
                }
            ], environment: environment)
        #expect(!rendering(result.callbacks).contains("super-secret-token"))
        #expect(result.note(0, "payload") == #"{"note":"«secret»"}"#)
    }
}

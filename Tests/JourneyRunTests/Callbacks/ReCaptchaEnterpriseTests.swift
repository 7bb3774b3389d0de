import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

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
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1clientError", .string(message))]))
        #expect(result.note(0, "clientError") == message)
    }

    /// ping-ios's `verify()` sets the payload before the client runs, and the action (with the
    /// token) only once the client returned one (ReCaptchaEnterprise/ReCaptchaEnterprise/
    /// ReCaptchaEnterpriseCallback.swift): a failing client posts the payload, not the action.
    @Test func aFailingProviderPostsThePayloadAndLeavesTheActionAsReceived() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = command("false")
                    $0.action = located("signup")
                    $0.payload = located(["userId": "12345"])
                }
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1clientError", "command 'false' failed with exit status 1"),
                        (0, "IDToken1payload", #"{"userId":"12345"}"#),
                    ]))
    }

    /// A failing client, with a payload set first, under each profile: one mechanism, the
    /// profile's rules (`SDKProfileAnswers`), decides what goes beside the error. ping-ios and no
    /// profile: `verify()`'s catch (the payload kept, token and action as received); ping-android:
    /// all four by position, the action too (recaptcha-enterprise/.../ReCaptchaEnterpriseCallback.kt);
    /// forgerock-ios: the inputs set only (FRCaptchaEnterprise/.../ReCaptchaEnterpriseCallback.swift,
    /// MultipleValuesCallback); forgerock-android: the error at its position, the rest as received
    /// (forgerock-auth/.../callback/ReCaptchaEnterpriseCallback.kt); forgerock-js: the payload object
    /// (fr-auth/callbacks/recaptcha-enterprise-callback.ts).
    @Test(
        "a failing client posts each profile's encoding of the client error",
        arguments: [nil, SDKProfile.pingIOS, .pingAndroid, .forgeRockIOS, .forgeRockAndroid, .forgeRockJS])
    func aFailingClientUnderEachProfile(_ sdk: SDKProfile?) async throws {
        let message = "command 'false' failed with exit status 1"
        let payload = #"{"userId":"12345"}"#
        let answer = try await StepAnswerer.answer(
            try Fixtures.step(path), stepNumber: 1,
            handlers: [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = command("false")
                    $0.payload = located(["userId": "12345"])
                }
            ], environment: TestEnvironment(), sdk: sdk)
        let inputs = answer.step.callbacks[0].input ?? []
        let posted = Dictionary(uniqueKeysWithValues: inputs.map { ($0.name, $0.value) })
        let expected: [String: JSONValue]
        switch sdk {
        case nil, .pingIOS?, .forgeRockAndroid?:
            expected = [
                "IDToken1token": "", "IDToken1action": "", "IDToken1clientError": .string(message),
                "IDToken1payload": .string(payload),
            ]
        case .pingAndroid?:
            expected = [
                "IDToken1token": "", "IDToken1action": "login", "IDToken1clientError": .string(message),
                "IDToken1payload": "",
            ]
        case .forgeRockIOS?:
            expected = ["IDToken1clientError": .string(message), "IDToken1payload": .string(payload)]
        case .forgeRockJS?:
            expected = [
                "IDToken1token": "", "IDToken1action": "", "IDToken1clientError": .string(message),
                "IDToken1payload": ["userId": "12345"],
            ]
        }
        #expect(posted == expected, "\(sdk?.rawValue ?? "no profile")")
        #expect(answer.callbacks[0].notes.contains { $0.key == "clientError" && $0.value == message })
    }

    /// ping-ios sets each input on its own: `setAction`, `setPayload`, `setClientError`
    /// (ReCaptchaEnterprise/ReCaptchaEnterpriseTests/ReCaptchaEnterpriseCallbackTests.swift,
    /// testSetAction, testSetPayloadWithValidData, testSetClientError); the others stay as received.
    @Test func anActionAloneIsSentAndTheOtherInputsKeptAsReceived() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path), [handler("ReCaptchaEnterpriseCallback") { $0.action = located("signup") }])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1action", "signup")]))
        #expect(result.unhandled.isEmpty)
    }

    @Test func aPayloadAloneIsSent() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [handler("ReCaptchaEnterpriseCallback") { $0.payload = located(["sessionId": "abc-def-ghi"]) }])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1payload", #"{"sessionId":"abc-def-ghi"}"#)]))
    }

    /// `setPayload([:])` leaves the input as it was (testSetPayloadWithEmptyDictionary).
    @Test func anEmptyPayloadLeavesItsInputAsReceived() async throws {
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = text("tok")
                    $0.payload = located([:])
                }
            ])
        #expect(
            result.step.json
                == fixture(json, setting: [(0, "IDToken1token", "tok"), (0, "IDToken1action", "login")]))
        #expect(result.note(0, "payload") == nil)
    }

    /// Inputs named `token`, `action`... without `IDToken<N>`, as ping-ios's own test sends them
    /// (testSetToken reads the first input, testSetAction the second).
    @Test func inputsNotNamedIDTokenAreFoundByName() async throws {
        let plain = "callbacks/ReCaptchaEnterpriseCallback--plain-input-names.json"
        let result = try await answer(
            try Fixtures.step(plain),
            [
                handler("ReCaptchaEnterpriseCallback") {
                    $0.token = text("test_recaptcha_token_abc123")
                    $0.action = located("signup")
                }
            ])
        #expect(
            result.step.json
                == fixture(
                    try Fixtures.json(plain),
                    setting: [(0, "token", "test_recaptcha_token_abc123"), (0, "action", "signup")]))
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

    /// `timeout` bounds the token provider and `tokenType` goes beside a token: without `token`
    /// neither has an effect, so lint refuses them where they are written.
    @Test func lintRefusesTimeoutAndTokenTypeWithoutAToken() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Token options without a token
                journey: Login
                handlers:
                  - match: ReCaptchaEnterpriseCallback
                    clientError: recaptcha_failed
                    timeout: 500
                  - match: IdPCallback
                    clientError: cancelled
                    tokenType: id_token
                  - match: { type: ReCaptchaEnterpriseCallback, step: 3 }
                    token: tok
                    timeout: 500
                """))
        let error = #expect(throws: DiagnosticList.self) { try JourneyCompiler.compile(script) }
        let errors = (error?.diagnostics ?? []).map(LoaderTestSupport.summary)
        #expect(
            errors == [
                "7:5 error: option 'timeout' has no effect without token (handler #1): the timeout bounds the token provider, which runs only for a token [remove it, or give token]",
                "10:5 error: option 'tokenType' has no effect without token (handler #2): the token type is sent only beside a token [remove it, or give token]",
            ], "\(errors)")
    }

    /// An answer without a token or a client error gets AM's node no verdict to check: lint says so.
    @Test func lintWarnsWhenNeitherTokenNorClientErrorIsSet() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Action only
                journey: Login
                handlers:
                  - match: ReCaptchaEnterpriseCallback
                    action: signup
                  - match: { type: ReCaptchaEnterpriseCallback, step: 2 }
                    clientError: recaptcha_failed
                """))
        let warnings = try JourneyCompiler.compile(script).warnings.map(LoaderTestSupport.summary)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            warnings.first?.hasPrefix("5:5 warning: handler #1 sets neither token nor clientError") == true,
            "\(warnings)")
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

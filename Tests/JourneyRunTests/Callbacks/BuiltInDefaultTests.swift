import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// Defaults that apply without a handler, and that a handler may override.
@Suite struct BuiltInDefaultTests {
    /// A Polling Wait node step: PollingWaitCallback + ConfirmationCallback ["Exit"], input 100 (am-protocol.md §4).
    func pollingStep(prefill: JSONValue = 100) -> AMStep {
        AMStep(
            authId: "auth",
            callbacks: [
                AMCallback(
                    type: "PollingWaitCallback",
                    output: [
                        NameValue(name: "waitTime", value: "5000"),
                        NameValue(name: "message", value: "Waiting for response..."),
                    ]),
                AMCallback(
                    type: "ConfirmationCallback",
                    output: [
                        NameValue(name: "prompt", value: ""), NameValue(name: "messageType", value: 0),
                        NameValue(name: "options", value: ["Exit"]), NameValue(name: "optionType", value: -1),
                        NameValue(name: "defaultOption", value: 0),
                    ],
                    input: [NameValue(name: "IDToken2", value: prefill)]),
            ])
    }

    @Test func pollingConfirmationKeepsWaitingWith100() async throws {
        let step = pollingStep(prefill: 0)
        let result = try await answer(step, [])
        #expect(result.step.callbacks[1].input?.first?.value == 100)
        #expect(result.exitPolling == false)
        #expect(result.unhandled.isEmpty)
        #expect(result.callbacks[1].answeredBy == "built-in: keep polling (100, nothing chosen)")
        #expect(result.step.callbacks[0] == step.callbacks[0])
    }

    @Test func exitOnThePollingWaitCallbackChoosesExit() async throws {
        let result = try await answer(pollingStep(), [handler("PollingWaitCallback") { $0.exit = located(true) }])
        #expect(result.step.callbacks[1].input?.first?.value == 0)
        #expect(result.exitPolling)
        #expect(result.callbacks[1].answeredBy?.hasPrefix("built-in: polling exit") == true)
    }

    @Test func aHandlerOnTheConfirmationOverridesTheDefault() async throws {
        let result = try await answer(
            pollingStep(), [handler("ConfirmationCallback") { $0.choose = located(.label("Exit")) }])
        #expect(result.step.callbacks[1].input?.first?.value == 0)
        #expect(result.exitPolling)
    }

    /// AM's WebAuthn Authentication node with recovery codes allowed adds a ConfirmationCallback
    /// ["Use Recovery Code"] pre-filled with 100; the SDKs submit the passkey and leave it so.
    @Test func theRecoveryCodeOptionBesideWebAuthnKeepsItsPrefilledValue() async throws {
        var step = try Fixtures.step("callbacks/webauthn/authentication-metadata-am71.json")
        step.callbacks.append(
            AMCallback(
                type: "ConfirmationCallback",
                output: [
                    NameValue(name: "prompt", value: ""), NameValue(name: "messageType", value: 0),
                    NameValue(name: "options", value: ["Use Recovery Code"]), NameValue(name: "optionType", value: -1),
                    NameValue(name: "defaultOption", value: 0),
                ],
                input: [NameValue(name: "IDToken3", value: 100)]))
        let result = try await answer(
            step, [handler("WebAuthnAuthenticationCallback") { $0.clientError = text("NotAllowedError") }])
        #expect(result.unhandled.isEmpty)
        #expect(result.step.callbacks[2].input?.first?.value == 100)
        #expect(result.callbacks[2].answeredBy == "built-in: echo (the WebAuthn step's other option not chosen)")
    }

    @Test func exitWithoutAConfirmationIsAnError() async throws {
        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step("callbacks/PollingWaitCallback.json"),
                [
                    handler("PollingWaitCallback") { $0.exit = located(true) }
                ])
        }
    }

    @Test func pushRegistrationPollsWithHiddenEcho() async throws {
        let path = "callbacks/mfa/push-registration-qr.json"
        let result = try await answer(try Fixtures.step(path), [])
        #expect(result.step.json == (try Fixtures.json(path)))
        #expect(result.unhandled.isEmpty)
    }

    @Test func validateOnlyInputsAreSentFalse() async throws {
        let path = "callbacks/BooleanAttributeInputCallback.json"
        var step = try Fixtures.step(path)
        step.callbacks[0].setInput("IDToken2validateOnly", to: true)
        let result = try await answer(step, [handler("BooleanAttributeInputCallback") { $0.value = literal(true) }])
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "IDToken2", true)]))
    }

    @Test func echoLeavesValidateOnlyAsReceived() async throws {
        var step = try Fixtures.step("callbacks/BooleanAttributeInputCallback.json")
        step.callbacks[0].setInput("IDToken2validateOnly", to: true)
        let result = try await answer(step, [handler("BooleanAttributeInputCallback") { $0.echo = located(true) }])
        #expect(result.step == step)
    }

    @Test func unknownTopLevelAndCallbackFieldsAreKept() async throws {
        guard case .object(var body) = try Fixtures.json("callbacks/NameCallback.json"),
            case .array(var callbacks)? = body["callbacks"], case .object(var callback) = callbacks[0]
        else {
            Issue.record("fixture shape")
            return
        }
        callback["futureField"] = ["kept": true]
        callbacks[0] = .object(callback)
        body["callbacks"] = .array(callbacks)
        body["status"] = 200
        body["header"] = "Sign In"
        let json = JSONValue.object(body)
        let result = try await answer(
            try #require(AMStep(json: json)), [handler("NameCallback") { $0.value = text("demo") }])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "demo")]))
    }
}

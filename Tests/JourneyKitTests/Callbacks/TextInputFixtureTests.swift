import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// Name, password, text and attribute callbacks answered from their fixture bodies: the echo is
/// the fixture with only the expected input values changed.
@Suite struct TextInputFixtureTests {
    @Test func nameCallback() async throws {
        let json = try Fixtures.json("callbacks/NameCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/NameCallback.json"),
            [
                handler("NameCallback") { $0.value = text("demo") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "demo")]))
        #expect(result.unhandled.isEmpty)
        #expect(result.traced(0, "IDToken1") == InputTrace(name: "IDToken1", value: "demo", redacted: false))
    }

    @Test func passwordCallbackIsASecret() async throws {
        let json = try Fixtures.json("callbacks/PasswordCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/PasswordCallback.json"),
            [
                handler("PasswordCallback") { $0.value = text("Secret#123") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "Secret#123")]))
        #expect(result.traced(0, "IDToken1") == InputTrace(name: "IDToken1", value: "«password»", redacted: true))
    }

    @Test func oneTimePasswordPromptIsAnOTP() async throws {
        let json = try Fixtures.json("callbacks/mfa/otp-entry.json")
        let result = try await answer(
            try Fixtures.step("callbacks/mfa/otp-entry.json"),
            [
                handler("PasswordCallback") { $0.value = text("123456") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "123456")]))
        #expect(result.traced(0, "IDToken1")?.value == "«otp»")
    }

    @Test func kbaVerificationPromptIsAKbaAnswer() async throws {
        let json = try Fixtures.json("callbacks/mfa/kba-verification.json")
        let result = try await answer(
            try Fixtures.step("callbacks/mfa/kba-verification.json"),
            [
                handler("PasswordCallback") { $0.value = text("blue") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "blue")]))
        #expect(result.traced(0, "IDToken1")?.value == "«kba-answer»")
    }

    @Test func textInputCallbackKeepsItsId() async throws {
        let json = try Fixtures.json("callbacks/TextInputCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/TextInputCallback.json"),
            [
                handler("TextInputCallback") { $0.value = literal(4711) }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "4711")]))
        // Its prompt is "One Time Pin": the value is an OTP.
        #expect(result.traced(0, "IDToken1")?.value == "«otp»")
    }

    @Test func attributeCollectorPage() async throws {
        let json = try Fixtures.json("callbacks/StringAttributeInputCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/StringAttributeInputCallback.json"),
            [
                handler(
                    "StringAttributeInputCallback", line: 1,
                    matching: { $0.outputs = [("name", TextPattern(exact: "mail"))] }
                ) {
                    $0.value = text("demo@example.com")
                },
                handler(
                    "StringAttributeInputCallback", line: 2, matching: { $0.prompt = TextPattern(exact: "First Name") }
                ) {
                    $0.value = text("Demo")
                },
                handler("StringAttributeInputCallback", line: 3) { $0.value = text("User") },
                handler("NumberAttributeInputCallback", line: 4) { $0.value = text("42") },
                handler("BooleanAttributeInputCallback", line: 5) { $0.value = literal(true) },
            ])
        let expected = fixture(
            json,
            setting: [
                (0, "IDToken1", "demo@example.com"), (1, "IDToken2", "Demo"), (2, "IDToken3", "User"),
                (3, "IDToken4", 42), (4, "IDToken5", true),
            ])
        #expect(result.step.json == expected)
        #expect(result.unhandled.isEmpty)
    }

    @Test func legacyAttributeCollectorWithoutValidateOnly() async throws {
        let json = try Fixtures.json("callbacks/StringAttributeInputCallback--legacy-required-int.json")
        let result = try await answer(
            try Fixtures.step("callbacks/StringAttributeInputCallback--legacy-required-int.json"),
            [
                handler("StringAttributeInputCallback") { $0.value = text("x") }
            ])
        #expect(
            result.step.json
                == fixture(json, setting: [(0, "IDToken1", "x"), (1, "IDToken2", "x"), (2, "IDToken3", "x")]))
    }

    @Test func numberAttributeTakesNumbersAndNull() async throws {
        let json = try Fixtures.json("callbacks/NumberAttributeInputCallback.json")
        let step = try Fixtures.step("callbacks/NumberAttributeInputCallback.json")
        let decimal = try await answer(step, [handler("NumberAttributeInputCallback") { $0.value = literal(1.5) }])
        #expect(decimal.step.json == fixture(json, setting: [(0, "IDToken1", 1.5)]))
        let none = try await answer(step, [handler("NumberAttributeInputCallback") { $0.value = literal(nil) }])
        #expect(none.step.json == json)
        await #expect(throws: RunError.self) {
            try await answer(step, [handler("NumberAttributeInputCallback") { $0.value = text("many") }])
        }
    }

    @Test func booleanAttributeWithValidateOnly() async throws {
        let json = try Fixtures.json("callbacks/BooleanAttributeInputCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/BooleanAttributeInputCallback.json"),
            [
                handler("BooleanAttributeInputCallback") {
                    $0.value = text("true")
                    $0.validateOnly = located(true)
                }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken2", true), (0, "IDToken2validateOnly", true)]))
    }

    @Test func validatedCreateUsername() async throws {
        let json = try Fixtures.json("callbacks/ValidatedCreateUsernameCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/ValidatedCreateUsernameCallback.json"),
            [
                handler("ValidatedCreateUsernameCallback") { $0.value = text("newuser") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "newuser")]))
        #expect(result.note(0, "failedPolicies") == nil)
    }

    @Test func failedPoliciesAreShownInNotes() async throws {
        let minLength = try await answer(
            try Fixtures.step("callbacks/ValidatedCreateUsernameCallback--failed-min-length.json"),
            [
                handler("ValidatedCreateUsernameCallback") { $0.value = text("andy") }
            ])
        #expect(minLength.note(0, "failedPolicies") == "MIN_LENGTH{minLength:3}")
        let unique = try await answer(
            try Fixtures.step("callbacks/ValidatedCreateUsernameCallback--failed-unique.json"),
            [
                handler("ValidatedCreateUsernameCallback") { $0.value = text("andy8") }
            ])
        #expect(unique.note(0, "failedPolicies") == "UNIQUE")
        let json = try Fixtures.json("callbacks/ValidatedCreateUsernameCallback--failed-unique.json")
        #expect(unique.step.json == fixture(json, setting: [(0, "IDToken1", "andy8")]))
    }

    @Test func failedPoliciesMixStringsAndObjects() {
        let callback = AMCallback(
            type: "ValidatedCreatePasswordCallback",
            output: [
                NameValue(
                    name: "failedPolicies",
                    value: [
                        "{ \"params\": { \"minLength\": 3 }, \"policyRequirement\": \"MIN_LENGTH\" }",
                        ["policyRequirement": "UNIQUE"],
                    ])
            ])
        #expect(FailedPolicies.note(for: callback) == "MIN_LENGTH{minLength:3}, UNIQUE")
    }

    @Test func validatedCreateUsernameValidateOnly() async throws {
        let json = try Fixtures.json("callbacks/ValidatedCreateUsernameCallback--validateOnly-failed.json")
        let result = try await answer(
            try Fixtures.step("callbacks/ValidatedCreateUsernameCallback--validateOnly-failed.json"),
            [
                handler("ValidatedCreateUsernameCallback") {
                    $0.value = text("abc")
                    $0.validateOnly = located(true)
                }
            ])
        #expect(
            result.step.json == fixture(json, setting: [(0, "IDToken1", "abc"), (0, "IDToken1validateOnly", true)]))
        #expect(result.note(0, "failedPolicies") == "MIN_LENGTH{minLength:3}")
    }

    @Test func validateOnlyWithoutTheInputIsAnError() async throws {
        await #expect(throws: RunError.self) {
            _ = try await answer(
                try Fixtures.step("callbacks/ValidatedCreateUsernameCallback.json"),
                [
                    handler("ValidatedCreateUsernameCallback") {
                        $0.value = text("abc")
                        $0.validateOnly = located(true)
                    }
                ])
        }
    }

    @Test func validatedCreatePasswordIsASecret() async throws {
        let json = try Fixtures.json("callbacks/ValidatedCreatePasswordCallback.json")
        let result = try await answer(
            try Fixtures.step("callbacks/ValidatedCreatePasswordCallback.json"),
            [
                handler("ValidatedCreatePasswordCallback") { $0.value = text("Str0ng!Pass") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "Str0ng!Pass")]))
        #expect(result.traced(0, "IDToken1")?.value == "«password»")
    }
}

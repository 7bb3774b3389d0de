import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Name, password, text and attribute callbacks answered from their fixture bodies: the echo is
/// the fixture with only the expected input values changed.
@Suite struct TextInputFixtureTests {
    static let cases: [FixtureCase] = [
        FixtureCase(
            testDescription: "NameCallback", path: "callbacks/NameCallback.json",
            handlers: [handler("NameCallback") { $0.value = text("demo") }], setting: [(0, "IDToken1", "demo")],
            traces: [(0, InputTrace(name: "IDToken1", value: "demo", redacted: false))], allHandled: true),
        FixtureCase(
            testDescription: "PasswordCallback is a secret", path: "callbacks/PasswordCallback.json",
            handlers: [handler("PasswordCallback") { $0.value = text("Secret#123") }],
            setting: [(0, "IDToken1", "Secret#123")],
            traces: [(0, InputTrace(name: "IDToken1", value: "«password»", redacted: true))]),
        FixtureCase(
            testDescription: "a one-time password prompt is an OTP", path: "callbacks/mfa/otp-entry.json",
            handlers: [handler("PasswordCallback") { $0.value = text("123456") }],
            setting: [(0, "IDToken1", "123456")], traced: [(0, "IDToken1", "«otp»")]),
        FixtureCase(
            testDescription: "a KBA verification prompt is a KBA answer", path: "callbacks/mfa/kba-verification.json",
            handlers: [handler("PasswordCallback") { $0.value = text("blue") }],
            setting: [(0, "IDToken1", "blue")], traced: [(0, "IDToken1", "«kba-answer»")]),
        // Its prompt is "One Time Pin": the value is an OTP.
        FixtureCase(
            testDescription: "TextInputCallback keeps its id", path: "callbacks/TextInputCallback.json",
            handlers: [handler("TextInputCallback") { $0.value = literal(4711) }],
            setting: [(0, "IDToken1", "4711")], traced: [(0, "IDToken1", "«otp»")]),
        FixtureCase(
            testDescription: "an attribute collector page", path: "callbacks/StringAttributeInputCallback.json",
            handlers: [
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
            ],
            setting: [
                (0, "IDToken1", "demo@example.com"), (1, "IDToken2", "Demo"), (2, "IDToken3", "User"),
                (3, "IDToken4", 42), (4, "IDToken5", true),
            ],
            allHandled: true),
        FixtureCase(
            testDescription: "a legacy attribute collector without validateOnly",
            path: "callbacks/StringAttributeInputCallback--legacy-required-int.json",
            handlers: [handler("StringAttributeInputCallback") { $0.value = text("x") }],
            setting: [(0, "IDToken1", "x"), (1, "IDToken2", "x"), (2, "IDToken3", "x")]),
        FixtureCase(
            testDescription: "a boolean attribute with validateOnly",
            path: "callbacks/BooleanAttributeInputCallback.json",
            handlers: [
                handler("BooleanAttributeInputCallback") {
                    $0.value = text("true")
                    $0.validateOnly = located(true)
                }
            ],
            setting: [(0, "IDToken2", true), (0, "IDToken2validateOnly", true)]),
        FixtureCase(
            testDescription: "ValidatedCreateUsernameCallback", path: "callbacks/ValidatedCreateUsernameCallback.json",
            handlers: [handler("ValidatedCreateUsernameCallback") { $0.value = text("newuser") }],
            setting: [(0, "IDToken1", "newuser")], notes: [(0, "failedPolicies", nil)]),
        FixtureCase(
            testDescription: "ValidatedCreateUsernameCallback with validateOnly",
            path: "callbacks/ValidatedCreateUsernameCallback--validateOnly-failed.json",
            handlers: [
                handler("ValidatedCreateUsernameCallback") {
                    $0.value = text("abc")
                    $0.validateOnly = located(true)
                }
            ],
            setting: [(0, "IDToken1", "abc"), (0, "IDToken1validateOnly", true)],
            notes: [(0, "failedPolicies", "MIN_LENGTH{minLength:3}")]),
        FixtureCase(
            testDescription: "ValidatedCreatePasswordCallback is a secret",
            path: "callbacks/ValidatedCreatePasswordCallback.json",
            handlers: [handler("ValidatedCreatePasswordCallback") { $0.value = text("Str0ng!Pass") }],
            setting: [(0, "IDToken1", "Str0ng!Pass")], traced: [(0, "IDToken1", "«password»")]),
    ]

    @Test(arguments: cases)
    func fixtureIsAnswered(_ example: FixtureCase) async throws {
        try await example.check()
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

}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Handler matching: first match wins, and every matcher criterion.
@Suite struct MatchingTests {
    /// NameCallback + PasswordCallback + CustomCallback with `_id`s 0, 1, 3, stage UsernamePassword.
    let path = "callbacks/CustomCallback--unknown-type.json"

    func value(_ result: StepAnswer, _ position: Int) -> JSONValue? {
        result.step.callbacks[position].input?.first?.value
    }

    @Test func firstMatchWins() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("NameCallback", line: 1) { $0.value = text("first") },
                handler("NameCallback", line: 2) { $0.value = text("second") },
                handler(nil, line: 3) { $0.value = text("any") },
            ])
        #expect(value(result, 0) == "first")
        #expect(value(result, 1) == "any")
        #expect(value(result, 2) == "any")
        #expect(result.callbacks[0].answeredBy == "handler #1 (NameCallback) at test.yaml:1:3")
        #expect(result.callbacks[1].answeredBy == "handler #3 (any callback) at test.yaml:3:3")
    }

    @Test func promptExactAndRegex() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler(nil, line: 1, matching: { $0.prompt = TextPattern(exact: "Password") }) {
                    $0.value = text("pw")
                },
                handler(nil, line: 2, matching: { $0.prompt = pattern("/^user/i") }) { $0.value = text("u") },
                handler(nil, line: 3) { $0.value = text("rest") },
            ])
        #expect(value(result, 0) == "u")
        #expect(value(result, 1) == "pw")
        #expect(value(result, 2) == "rest")
    }

    @Test func outputCriterion() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler(
                    nil, line: 1,
                    matching: { $0.outputs = [("customAttribute", TextPattern(exact: "CustomAttributeValue"))] }
                ) {
                    $0.value = text("by-output")
                },
                handler(nil, line: 2) { $0.value = text("rest") },
            ])
        #expect(value(result, 2) == "by-output")
        #expect(value(result, 0) == "rest")
    }

    @Test func dottedOutputReachesIntoMetadata() async throws {
        let result = try await answer(
            try Fixtures.step("callbacks/protect/metadata-protect-initialize.json"),
            [
                handler(
                    "MetadataCallback",
                    matching: { $0.outputs = [("data._action", TextPattern(exact: "protect_initialize"))] }
                ) {
                    $0.clientError = text("e")
                }
            ])
        #expect(result.step.callbacks[1].input?.first?.value == "e")
    }

    @Test func callbackIdCriterion() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler(nil, line: 1, matching: { $0.callbackId = 3 }) { $0.value = text("id3") },
                handler(nil, line: 2) { $0.value = text("rest") },
            ])
        #expect(value(result, 2) == "id3")
        #expect(value(result, 1) == "rest")
    }

    @Test func stageCriterion() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("NameCallback", line: 1, matching: { $0.stage = TextPattern(exact: "Elsewhere") }) {
                    $0.value = text("no")
                },
                handler("NameCallback", line: 2, matching: { $0.stage = pattern("/^Username/") }) {
                    $0.value = text("yes")
                },
                handler(nil, line: 3) { $0.value = text("rest") },
            ])
        #expect(value(result, 0) == "yes")
    }

    @Test func stepCriterion() async throws {
        let step = try Fixtures.step("callbacks/NameCallback.json")
        let handlers = [
            handler("NameCallback", line: 1, matching: { $0.step = 2 }, answer: { $0.value = text("second step") }),
            handler("NameCallback", line: 2) { $0.value = text("other steps") },
        ]
        #expect(value(try await answer(step, number: 2, handlers), 0) == "second step")
        #expect(value(try await answer(step, number: 3, handlers), 0) == "other steps")
    }

    @Test func occurrenceCriterion() async throws {
        let step = try Fixtures.step("callbacks/StringAttributeInputCallback--legacy-required-int.json")
        let result = try await answer(
            step,
            [
                handler("StringAttributeInputCallback", line: 1, matching: { $0.occurrence = 2 }) {
                    $0.value = text("second")
                },
                handler("StringAttributeInputCallback", line: 2) { $0.value = text("other") },
            ])
        #expect(value(result, 0) == "other")
        #expect(value(result, 1) == "second")
        #expect(value(result, 2) == "other")
    }

    @Test func hiddenIdCriterion() async throws {
        let step = try Fixtures.step("callbacks/protect/metadata-protect-risk-evaluation.json")
        let result = try await answer(
            step,
            [
                handler(nil, line: 1, matching: { $0.hiddenId = pattern("/signals$/") }) { $0.value = text("s") },
                handler(nil, line: 2, matching: { $0.hiddenId = TextPattern(exact: "clientError") }) {
                    $0.value = text("")
                },
            ])
        #expect(result.step.callbacks[1].input?.first?.value == "s")
        #expect(result.step.callbacks[2].input?.first?.value == "")
        #expect(result.unhandled.isEmpty)
    }

    @Test func typelessHandlersLeaveDefaultsAlone() async throws {
        let step = try Fixtures.step("callbacks/mfa/oath-registration-qr.json")
        let json = try Fixtures.json("callbacks/mfa/oath-registration-qr.json")
        let result = try await answer(step, [handler(nil) { $0.choose = located(.index(0)) }])
        // The hidden value keeps its pre-filled id; the ConfirmationCallback is answered.
        #expect(result.step.json == fixture(json, setting: [(3, "IDToken4", 0)]))
        #expect(result.callbacks[2].answeredBy == "built-in: echo hidden value")
    }

    @Test func allCriteriaMustHold() async throws {
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler(
                    "PasswordCallback", line: 1,
                    matching: {
                        $0.prompt = TextPattern(exact: "Password")
                        $0.callbackId = 0
                    }
                ) { $0.value = text("wrong") },
                handler(nil, line: 2) { $0.value = text("right") },
            ])
        #expect(value(result, 1) == "right")
    }
}

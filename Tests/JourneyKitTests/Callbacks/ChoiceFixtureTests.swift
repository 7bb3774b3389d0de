import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// Choice, Confirmation, KBA creation, Terms and Consent callbacks from their fixture bodies.
@Suite struct ChoiceFixtureTests {
    let choicePath = "callbacks/ChoiceCallback.json"

    @Test func choiceByLabelWritesTheIndex() async throws {
        let json = try Fixtures.json(choicePath)
        let result = try await answer(
            try Fixtures.step(choicePath),
            [
                handler("ChoiceCallback") { $0.choose = located(.label("SMS")) }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", 1)]))
        #expect(result.note(0, "chosen") == "SMS")
    }

    @Test func choiceByIndexAndCaseInsensitiveLabel() async throws {
        let json = try Fixtures.json(choicePath)
        let byIndex = try await answer(
            try Fixtures.step(choicePath),
            [
                handler("ChoiceCallback") { $0.choose = located(.index(0)) }
            ])
        #expect(byIndex.step.json == fixture(json, setting: [(0, "IDToken1", 0)]))
        let folded = try await answer(
            try Fixtures.step(choicePath),
            [
                handler("ChoiceCallback") { $0.choose = located(.label("sms")) }
            ])
        #expect(folded.step.json == fixture(json, setting: [(0, "IDToken1", 1)]))
    }

    @Test func unknownChoiceNamesTheAvailableChoices() async throws {
        let step = try Fixtures.step(choicePath)
        do {
            _ = try await answer(
                step, number: 2,
                [
                    handler("ChoiceCallback", line: 7) { $0.choose = located(.label("Voice")) }
                ])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .script)
            #expect(error.step == 2)
            #expect(error.message.contains("no choice 'Voice'"))
            #expect(error.message.contains("choices: 'Email', 'SMS'"))
            #expect(error.message.contains("test.yaml:7:3"))
        }
        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step(choicePath), [handler("ChoiceCallback") { $0.choose = located(.index(2)) }])
        }
    }

    @Test func confirmationByOptionLabel() async throws {
        let path = "callbacks/ConfirmationCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ConfirmationCallback") { $0.choose = located(.label("I can't wait, please let me go.")) }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken2", 0)]))
    }

    @Test func kbaCreateWritesQuestionAndSecretAnswer() async throws {
        let path = "callbacks/KbaCreateCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("KbaCreateCallback", matching: { $0.occurrence = 1 }) {
                    $0.question = text("What's your favorite color?")
                    $0.answer = text("Blue")
                },
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Acme")
                },
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "What's your favorite color?"), (0, "IDToken1answer", "Blue"),
                        (1, "IDToken2question", "Who was your first employer?"), (1, "IDToken2answer", "Acme"),
                    ]))
        #expect(result.traced(0, "IDToken1answer")?.value == "«kba-answer»")
        #expect(result.traced(1, "IDToken2question")?.value == "Who was your first employer?")
    }

    @Test func kbaCreateTwo() async throws {
        let path = "callbacks/KbaCreateCallback--two.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("KbaCreateCallback", matching: { $0.occurrence = 2 }) {
                    $0.question = literal(0)
                    $0.answer = text("Red")
                },
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Initech")
                },
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "Who was your first employer?"), (0, "IDToken1answer", "Initech"),
                        (1, "IDToken2question", "What's your favorite color?"), (1, "IDToken2answer", "Red"),
                    ]))
    }

    @Test func kbaUserDefinedQuestionWhenAllowed() async throws {
        let allowed = "callbacks/KbaCreateCallback--allowUserDefinedQuestions.json"
        let json = try Fixtures.json(allowed)
        let result = try await answer(try Fixtures.step(allowed), [ownQuestion()])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex"),
                    ]))
    }

    /// Older AM (and several other servers) send no `allowUserDefinedQuestions` output: absent means allowed.
    @Test func kbaUserDefinedQuestionWhenTheOutputIsAbsent() async throws {
        let path = "callbacks/KbaCreateCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                ownQuestion(matching: { $0.occurrence = 1 }),
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Acme")
                },
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex"),
                        (1, "IDToken2question", "Who was your first employer?"), (1, "IDToken2answer", "Acme"),
                    ]))
    }

    /// `allowUserDefinedQuestions: false`: the runner refuses the script's own question, unless
    /// `forceQuestion: true` sends it anyway (a negative test of the server's check).
    @Test func kbaUserDefinedQuestionRefusedWhenNotAllowedUnlessForced() async throws {
        let text = try Fixtures.json("callbacks/KbaCreateCallback--allowUserDefinedQuestions.json").compactJSON
            .replacingOccurrences(
                of: #""name":"allowUserDefinedQuestions","value":true"#,
                with: #""name":"allowUserDefinedQuestions","value":false"#)
        let json = try JSONValue.parse(Data(text.utf8))
        let notAllowed = try #require(AMStep(json: json))
        do {
            _ = try await answer(notAllowed, [ownQuestion()])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("does not allow user-defined questions"))
            #expect(error.message.contains("forceQuestion: true"))
        }
        let forced = try await answer(
            notAllowed,
            [
                ownQuestion(answering: { $0.forceQuestion = located(true) })
            ])
        #expect(
            forced.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex"),
                    ]))
    }

    private func ownQuestion(
        matching: (inout Matcher) -> Void = { _ in }, answering extra: (inout AnswerSpec) -> Void = { _ in }
    ) -> HandlerSpec {
        handler("KbaCreateCallback", matching: matching) {
            $0.question = text("Name of my first pet?")
            $0.answer = text("Rex")
            extra(&$0)
        }
    }

    @Test func termsAndConditionsAccepted() async throws {
        let path = "callbacks/TermsAndConditionsCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("TermsAndConditionsCallback") { $0.accept = located(true) }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", true)]))
    }

    @Test func legacyTermsIntDefaultGetsABool() async throws {
        let path = "callbacks/TermsAndConditionsCallback--legacy-int-input.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("TermsAndConditionsCallback") { $0.value = literal(true) }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", true)]))
    }

    @Test func termsWithoutAcceptIsAnError() async throws {
        await #expect(throws: RunError.self) {
            try await answer(
                try Fixtures.step("callbacks/TermsAndConditionsCallback.json"),
                [
                    handler("TermsAndConditionsCallback")
                ])
        }
    }

    @Test func consentMappingDeclined() async throws {
        let path = "callbacks/ConsentMappingCallback.json"
        let json = try Fixtures.json(path)
        let accepted = try await answer(
            try Fixtures.step(path),
            [
                handler("ConsentMappingCallback") { $0.accept = located(true) }
            ])
        #expect(accepted.step.json == fixture(json, setting: [(0, "IDToken1", true)]))
        let declined = try await answer(
            try Fixtures.step(path),
            [
                handler("ConsentMappingCallback") { $0.accept = located(false) }
            ])
        #expect(declined.step.json == json)
    }
}

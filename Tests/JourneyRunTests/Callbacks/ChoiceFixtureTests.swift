import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Choice, Confirmation, KBA creation, Terms and Consent callbacks from their fixture bodies.
@Suite struct ChoiceFixtureTests {
    static let choicePath = "callbacks/ChoiceCallback.json"

    static let cases: [FixtureCase] = [
        FixtureCase(
            testDescription: "choice by label writes the index", path: choicePath,
            handlers: [handler("ChoiceCallback") { $0.choose = located(.label("SMS")) }],
            setting: [(0, "IDToken1", 1)]),
        FixtureCase(
            testDescription: "choice by index", path: choicePath,
            handlers: [handler("ChoiceCallback") { $0.choose = located(.index(0)) }],
            setting: [(0, "IDToken1", 0)]),
        FixtureCase(
            testDescription: "choice by case-insensitive label", path: choicePath,
            handlers: [handler("ChoiceCallback") { $0.choose = located(.label("sms")) }],
            setting: [(0, "IDToken1", 1)]),
        FixtureCase(
            testDescription: "confirmation by option label", path: "callbacks/ConfirmationCallback.json",
            handlers: [
                handler("ConfirmationCallback") { $0.choose = located(.label("I can't wait, please let me go.")) }
            ],
            setting: [(0, "IDToken2", 0)]),
        FixtureCase(
            testDescription: "KBA creation writes question and secret answer", path: "callbacks/KbaCreateCallback.json",
            handlers: [
                handler("KbaCreateCallback", matching: { $0.occurrence = 1 }) {
                    $0.question = text("What's your favorite color?")
                    $0.answer = text("Blue")
                },
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Acme")
                },
            ],
            setting: [
                (0, "IDToken1question", "What's your favorite color?"), (0, "IDToken1answer", "Blue"),
                (1, "IDToken2question", "Who was your first employer?"), (1, "IDToken2answer", "Acme"),
            ],
            traced: [(0, "IDToken1answer", "«kba-answer»"), (1, "IDToken2question", "Who was your first employer?")]),
        FixtureCase(
            testDescription: "KBA creation, two questions", path: "callbacks/KbaCreateCallback--two.json",
            handlers: [
                handler("KbaCreateCallback", matching: { $0.occurrence = 2 }) {
                    $0.question = literal(0)
                    $0.answer = text("Red")
                },
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Initech")
                },
            ],
            setting: [
                (0, "IDToken1question", "Who was your first employer?"), (0, "IDToken1answer", "Initech"),
                (1, "IDToken2question", "What's your favorite color?"), (1, "IDToken2answer", "Red"),
            ]),
        FixtureCase(
            testDescription: "KBA user-defined question when allowed",
            path: "callbacks/KbaCreateCallback--allowUserDefinedQuestions.json", handlers: [ownQuestion()],
            setting: [(0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex")]),
        // Older AM (and several other servers) send no `allowUserDefinedQuestions` output: absent means allowed.
        FixtureCase(
            testDescription: "KBA user-defined question when the output is absent",
            path: "callbacks/KbaCreateCallback.json",
            handlers: [
                ownQuestion(matching: { $0.occurrence = 1 }),
                handler("KbaCreateCallback", line: 2) {
                    $0.question = literal(1)
                    $0.answer = text("Acme")
                },
            ],
            setting: [
                (0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex"),
                (1, "IDToken2question", "Who was your first employer?"), (1, "IDToken2answer", "Acme"),
            ]),
        FixtureCase(
            testDescription: "terms and conditions accepted", path: "callbacks/TermsAndConditionsCallback.json",
            handlers: [handler("TermsAndConditionsCallback") { $0.accept = located(true) }],
            setting: [(0, "IDToken1", true)]),
        FixtureCase(
            testDescription: "legacy terms int default gets a bool",
            path: "callbacks/TermsAndConditionsCallback--legacy-int-input.json",
            handlers: [handler("TermsAndConditionsCallback") { $0.value = literal(true) }],
            setting: [(0, "IDToken1", true)]),
        FixtureCase(
            testDescription: "consent mapping accepted", path: "callbacks/ConsentMappingCallback.json",
            handlers: [handler("ConsentMappingCallback") { $0.accept = located(true) }],
            setting: [(0, "IDToken1", true)]),
        FixtureCase(
            testDescription: "consent mapping declined sends the fixture unchanged",
            path: "callbacks/ConsentMappingCallback.json",
            handlers: [handler("ConsentMappingCallback") { $0.accept = located(false) }], setting: []),
    ]

    @Test(arguments: cases)
    func fixtureIsAnswered(_ example: FixtureCase) async throws {
        try await example.check()
    }

    /// The trace keeps the chosen option's label beside its index, whoever chose it; a value
    /// that names no option (100, "nothing chosen") has none.
    @Test func theTraceShowsTheChosenLabel() async throws {
        let chosen = try await answer(
            try Fixtures.step(Self.choicePath), [handler("ChoiceCallback") { $0.choose = located(.label("SMS")) }])
        #expect(chosen.callbacks[0].inputs == [InputTrace(name: "IDToken1", value: "1", redacted: false, label: "SMS")])
        #expect(chosen.callbacks[0].notes.isEmpty)
        let echoed = try await answer(
            try Fixtures.step("callbacks/ConfirmationCallback.json"),
            [handler("ConfirmationCallback") { $0.echo = located(true) }])
        #expect(echoed.callbacks[0].inputs == [InputTrace(name: "IDToken2", value: "100", redacted: false)])
        let confirmed = try await answer(
            try Fixtures.step("callbacks/ConfirmationCallback.json"),
            [handler("ConfirmationCallback") { $0.choose = located(.index(0)) }])
        #expect(confirmed.callbacks[0].inputs.first?.label == "I can't wait, please let me go.")
    }

    @Test func unknownChoiceNamesTheAvailableChoices() async throws {
        let step = try Fixtures.step(Self.choicePath)
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
                try Fixtures.step(Self.choicePath), [handler("ChoiceCallback") { $0.choose = located(.index(2)) }])
        }
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
            _ = try await answer(notAllowed, [Self.ownQuestion()])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("does not allow user-defined questions"))
            #expect(error.message.contains("forceQuestion: true"))
        }
        let forced = try await answer(
            notAllowed,
            [
                Self.ownQuestion(answering: { $0.forceQuestion = located(true) })
            ])
        #expect(
            forced.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1question", "Name of my first pet?"), (0, "IDToken1answer", "Rex"),
                    ]))
    }

    private static func ownQuestion(
        matching: (inout Matcher) -> Void = { _ in }, answering extra: (inout AnswerSpec) -> Void = { _ in }
    ) -> HandlerSpec {
        handler("KbaCreateCallback", matching: matching) {
            $0.question = text("Name of my first pet?")
            $0.answer = text("Rex")
            extra(&$0)
        }
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
}

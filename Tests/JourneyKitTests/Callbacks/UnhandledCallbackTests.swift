import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyReport

/// Input callbacks no handler answers are reported, not thrown.
@Suite struct UnhandledCallbackTests {
    @Test func messageNamesStepTypePromptAndHandlersTried() async throws {
        let step = try Fixtures.step("callbacks/ChoiceCallback.json")
        let handlers = [
            HandlerSpec(
                matcher: Matcher(
                    type: Located("NameCallback", at: SourceLocation(file: "login.yaml", line: 9, column: 3))),
                answer: AnswerSpec(location: SourceLocation(file: "login.yaml", line: 9, column: 3)),
                location: SourceLocation(file: "login.yaml", line: 9, column: 3)),
            HandlerSpec(
                matcher: Matcher(
                    type: Located("PasswordCallback", at: SourceLocation(file: "login.yaml", line: 10, column: 3))),
                answer: AnswerSpec(location: SourceLocation(file: "login.yaml", line: 10, column: 3)),
                location: SourceLocation(file: "login.yaml", line: 10, column: 3)),
        ]
        let result = try await answer(step, number: 2, handlers)
        let failure = try #require(result.unhandled.first)
        #expect(result.unhandled.count == 1)
        #expect(failure.step == 2)
        #expect(
            failure.description
                == "step 2: no handler for ChoiceCallback (prompt \"SecondFactorChoice\"); handlers tried: #1 NameCallback (login.yaml:9:3), #2 PasswordCallback (login.yaml:10:3)"
        )
        #expect(result.callbacks[0].answeredBy == nil)
        #expect(result.step == step)
    }

    @Test func noHandlersAtAll() async throws {
        let result = try await answer(try Fixtures.step("callbacks/CustomCallback--unknown-type.json"), [])
        #expect(
            result.unhandled.map(\.message) == [
                "no handler for NameCallback (prompt \"User Name\"); handlers tried: none",
                "no handler for PasswordCallback (prompt \"Password\"); handlers tried: none",
                "no handler for CustomCallback (prompt \"Custom Input\"); handlers tried: none",
            ])
    }

    @Test func theOtherCallbacksAreStillAnswered() async throws {
        let result = try await answer(
            try Fixtures.step("callbacks/CustomCallback--unknown-type.json"),
            [
                handler("NameCallback") { $0.value = text("demo") }
            ])
        #expect(result.unhandled.count == 2)
        #expect(result.step.callbacks[0].input?.first?.value == "demo")
        #expect(result.callbacks.count == 3)
    }

    @Test func handlerWithNothingToSendIsAScriptError() async throws {
        let step = try Fixtures.step("callbacks/NameCallback.json")
        do {
            _ = try await answer(step, number: 4, [handler("NameCallback", line: 12)])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .script)
            #expect(
                error.description
                    == "step 4: NameCallback (prompt \"User Name\") needs value; the handler sets none of them (handler #1 at test.yaml:12:3)"
            )
        }
    }
}

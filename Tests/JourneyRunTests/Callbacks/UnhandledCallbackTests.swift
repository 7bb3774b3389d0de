import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

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
            failure.description == """
                step 2: no handler for ChoiceCallback (prompt "SecondFactorChoice")
                  choices: 0 "Email", 1 "SMS" (default 0)
                  inputs: IDToken1=""
                  handlers tried:
                    #1 NameCallback (login.yaml:9:3): type is ChoiceCallback, not NameCallback
                    #2 PasswordCallback (login.yaml:10:3): type is ChoiceCallback, not PasswordCallback
                """
        )
        #expect(result.callbacks[0].answeredBy == nil)
        #expect(result.step == step)
    }

    @Test func noHandlersAtAll() async throws {
        let result = try await answer(try Fixtures.step("callbacks/CustomCallback--unknown-type.json"), [])
        #expect(
            result.unhandled.map(\.message) == [
                "no handler for NameCallback (prompt \"User Name\")\n  inputs: IDToken1=\"\"\n  handlers tried: none",
                "no handler for PasswordCallback (prompt \"Password\")\n  inputs: IDToken2=\"\"\n  handlers tried: none",
                "no handler for CustomCallback (prompt \"Custom Input\")\n  inputs: IDToken3=\"\"\n  handlers tried: none",
            ])
    }

    @Test func eachHandlerSaysWhyItDidNotMatch() async throws {
        let step = try Fixtures.step("callbacks/ChoiceCallback.json")
        let handlers = [
            handler("ChoiceCallback", line: 9, matching: { $0.stage = TextPattern(exact: "OTP") }, answer: { _ in }),
            handler("ChoiceCallback", line: 10, matching: { $0.step = 3 }, answer: { _ in }),
            handler(nil, line: 11, matching: { $0.prompt = try! TextPattern(parsing: "/otp/i") }, answer: { _ in }),
            handler("ChoiceCallback", line: 12, matching: { $0.occurrence = 2 }, answer: { _ in }),
            handler(nil, line: 13, matching: { $0.callbackId = 7 }, answer: { _ in }),
            handler(
                nil, line: 14, matching: { $0.outputs = [("defaultChoice", TextPattern(exact: "1"))] }, answer: { _ in }
            ),
            handler(nil, line: 15, matching: { $0.outputs = [("data.x", TextPattern(exact: "1"))] }, answer: { _ in }),
            handler(nil, line: 16, matching: { $0.hiddenId = TextPattern(exact: "x") }, answer: { _ in }),
        ]
        let result = try await answer(step, number: 2, handlers)
        let lines = try #require(result.unhandled.first).message.split(separator: "\n").dropFirst(3)
        #expect(
            lines == [
                "  handlers tried:",
                "    #1 ChoiceCallback, stage 'OTP' (test.yaml:9:3): stage is \"SecondFactorChoice\", not 'OTP'",
                "    #2 ChoiceCallback, step 3 (test.yaml:10:3): this is step 2, not 3",
                "    #3 prompt /otp/i (test.yaml:11:3): prompt is \"SecondFactorChoice\", not /otp/i",
                "    #4 ChoiceCallback, occurrence 2 (test.yaml:12:3): this is ChoiceCallback 1 of its step, not 2",
                "    #5 _id 7 (test.yaml:13:3): _id is 3, not 7",
                "    #6 defaultChoice '1' (test.yaml:14:3): output defaultChoice is \"0\", not '1'",
                "    #7 data.x '1' (test.yaml:15:3): the callback has no output data.x",
                "    #8 id 'x' (test.yaml:16:3): not a HiddenValueCallback",
            ])
        // The messages agree with the matching itself: a handler that would match is never listed as not matching.
        let matching = handler(
            nil, line: 17, matching: { $0.stage = TextPattern(exact: "SecondFactorChoice") },
            answer: { $0.choose = Located(.index(1), at: here) })
        let answered = try await answer(try Fixtures.step("callbacks/ChoiceCallback.json"), handlers + [matching])
        #expect(answered.unhandled.isEmpty)
    }

    @Test func theOptionsOfEachKindOfChoiceAreListed() async throws {
        let confirmation = try await answer(try Fixtures.step("callbacks/ConfirmationCallback.json"), [])
        #expect(
            confirmation.unhandled.map(\.message) == [
                "no handler for ConfirmationCallback\n  options: 0 \"I can't wait, please let me go.\" (default 0)\n  inputs: IDToken2=100\n  handlers tried: none"
            ])
        let providers = try await answer(try Fixtures.step("callbacks/SelectIdPCallback.json"), [])
        #expect(
            providers.unhandled.map(\.message) == [
                "no handler for SelectIdPCallback\n  providers: \"google\", \"facebook\", \"localAuthentication\"\n  inputs: IDToken1=\"\"\n  handlers tried: none"
            ])
    }

    @Test func serverTextInTheMessageIsEscaped() async throws {
        var step = try Fixtures.step("callbacks/ChoiceCallback.json")
        step.callbacks[0] = try #require(
            AMCallback(
                json: try JSONValue.parse(
                    #"{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Pick\u001b[2J"},{"name":"choices","value":["E\nmail","S\u0007MS"]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":"\u001b"}]}"#
                )))
        step.stage = "Stage\u{1b}"
        let handlers = [
            handler("ChoiceCallback", line: 9, matching: { $0.stage = TextPattern(exact: "OTP") }, answer: { _ in })
        ]
        let message = try #require(try await answer(step, handlers).unhandled.first).message
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(message.split(separator: "\n").count == 5)
        #expect(message.contains(#"choices: 0 "E\nmail", 1 "S\u0007MS""#))
        #expect(message.contains(#"stage is "Stage\u001b", not 'OTP'"#))
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

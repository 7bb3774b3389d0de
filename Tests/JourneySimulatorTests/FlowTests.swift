import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Journeys beyond a password")
struct FlowTests {
    @Test("email suspend: SuspendedTextOutputCallback, a resume link in the outbox, resume once, then 401")
    func suspendAndResume() async throws {
        try await Harness.run { h in
            let start = try await h.start("MagicLink")
            let suspended = try await h.answer(start.json, [0: "demo"])
            #expect(
                CallbackShape.of(suspended.json)
                    == CallbackShape.of(try Paths.fixture("callbacks/SuspendedTextOutputCallback.json")))
            let mail = try await h.outbox("demo@example.com")
            #expect(mail.count == 1)
            let suspendedId = try #require(mail[0]["suspendedId"]?.stringValue)
            let link = try #require(mail[0]["link"]?.stringValue)
            #expect(link.contains("suspendedId=\(suspendedId)"))
            #expect(link.hasPrefix(h.root + "/am/"))
            #expect(mail[0]["channel"] == "email")
            // The suspended step's authId cannot continue.
            let stuck = try await h.post(h.authenticatePath(), json: suspended.json)
            #expect(stuck.json["detail"]?["errorCode"] == "110")
            let resumed = try await h.post(h.authenticatePath() + "?suspendedId=\(suspendedId)")
            #expect(Steps.types(resumed.json) == ["TextOutputCallback"])
            let done = try await h.post(h.authenticatePath(), json: resumed.json)
            #expect(done.json["tokenId"] != nil)
            let again = try await h.post(h.authenticatePath() + "?suspendedId=\(suspendedId)")
            #expect(again.status == 401)
            #expect(again.json == (try Paths.fixture("responses/failure-401-suspended-id-expired.json")))
        }
    }

    @Test("a suspendedId expires on the simulator's clock")
    func suspendExpires() async throws {
        try await Harness.run { h in
            let start = try await h.start("MagicLink")
            _ = try await h.answer(start.json, [0: "alice"])
            let id = try #require(try await h.outbox("alice@example.com").last?["suspendedId"]?.stringValue)
            h.clock.advance(by: 901)
            let late = try await h.post(h.authenticatePath() + "?suspendedId=\(id)")
            #expect(late.status == 401)
        }
    }

    @Test(
        "one-time code by email and by SMS: sent to the outbox, verified, wrong code retried",
        arguments: [
            (0, "demo@example.com", "email"), (1, "+15550100", "sms"),
        ])
    func oneTimeCode(choice: Int, recipient: String, channel: String) async throws {
        try await Harness.run { h in
            let start = try await h.start("SecondFactor")
            let factor = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(Steps.types(factor.json) == ["ChoiceCallback"])
            let entry = try await h.answer(factor.json, [0: .int(choice)])
            #expect(entry.json["stage"] == "OneTimePassword")
            #expect(Steps.output(Steps.callbacks(entry.json)[0], "prompt") == "One Time Password")
            let messages = try await h.outbox(recipient)
            #expect(messages.count == 1)
            #expect(messages[0]["channel"]?.stringValue == channel)
            let code = try #require(messages[0]["code"]?.stringValue)
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            let wrong = try await h.answer(entry.json, [0: "000000x"])
            #expect(Steps.types(wrong.json) == ["PasswordCallback"])
            let done = try await h.answer(wrong.json, [0: .string(code)])
            #expect(done.json["tokenId"] != nil)
            let cleared = try await h.request(
                .DELETE,
                "/__simulator/outbox/\(recipient.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? recipient)"
            )
            #expect(cleared.json["messages"] == [])
        }
    }

    @Test("polling: the same step until two polls, Exit takes the exit outcome, or the clock ends the wait")
    func polling() async throws {
        try await Harness.run { h in
            let start = try await h.start("PushApproval")
            let wait = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            let first = try await h.post(h.authenticatePath(), json: wait.json)
            #expect(Steps.types(first.json) == ["PollingWaitCallback", "ConfirmationCallback"])
            let second = try await h.post(h.authenticatePath(), json: first.json)
            #expect(second.json["tokenId"] != nil)

            let start2 = try await h.start("PushApproval")
            let wait2 = try await h.answer(start2.json, [0: "demo", 1: "Ch4ng3it!"])
            let exited = try await h.answer(wait2.json, [1: 0])
            #expect(exited.status == 401)
            #expect(exited.json["message"] == "Sign-in abandoned")

            let timed = try await h.start("TimedWait")
            let early = try await h.post(h.authenticatePath(), json: timed.json)
            #expect(Steps.types(early.json).first == "PollingWaitCallback")
            h.clock.advance(by: 5)
            let late = try await h.post(h.authenticatePath(), json: early.json)
            #expect(late.json["tokenId"] != nil)
        }
    }

    /// reCAPTCHA after credentials: answers the captcha step with inputs by suffix.
    func captcha(_ h: Harness, token: String, action: String = "login", clientError: String = "", payload: String = "")
        async throws -> Reply
    {
        let start = try await h.start("LoginWithRecaptcha")
        let step = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
        #expect(Steps.types(step.json) == ["ReCaptchaEnterpriseCallback"])
        var filled = Steps.set(step.json, 0, suffix: "token", .string(token))
        filled = Steps.set(filled, 0, suffix: "action", .string(action))
        filled = Steps.set(filled, 0, suffix: "clientError", .string(clientError))
        filled = Steps.set(filled, 0, suffix: "payload", .string(payload))
        return try await h.post(h.authenticatePath(), json: filled)
    }

    @Test("reCAPTCHA: a human token passes; bot, unknown, expired, wrong action and client errors fail")
    func recaptchaTable() async throws {
        try await Harness.run { h in
            let human = try await captcha(h, token: "test-token-human")
            #expect(human.json["tokenId"] != nil)
            let failing: [(String, String, String)] = [
                ("test-token-bot", "login", ""), ("no-such-token", "login", ""), ("test-token-expired", "login", ""),
                ("test-token-signup", "signup", ""), ("", "login", "recaptcha_failed"), ("", "login", ""),
            ]
            for (token, action, clientError) in failing {
                let reply = try await captcha(h, token: token, action: action, clientError: clientError)
                #expect(reply.status == 401, "token '\(token)' clientError '\(clientError)'")
            }
        }
    }

    @Test("reCAPTCHA: the payload is stored and branched on (value > 100 needs a confirmation)")
    func recaptchaPayload() async throws {
        try await Harness.run { h in
            let payload =
                #"{"firewallPolicyEvaluation":false,"transactionData":{"transactionId":"TXN-1","value":250.5}}"#
            let confirm = try await captcha(h, token: "test-token-human", payload: payload)
            #expect(Steps.types(confirm.json) == ["TextOutputCallback", "ConfirmationCallback"])
            let cancelled = try await h.answer(confirm.json, [1: 1])
            #expect(cancelled.status == 401)
            #expect(cancelled.json == ["code": 401, "reason": "Unauthorized", "message": "Transaction cancelled"])
            let small = try await captcha(
                h, token: "test-token-human", payload: #"{"transactionData":{"value":99.99}}"#)
            #expect(small.json["tokenId"] != nil)
        }
    }

    @Test("reCAPTCHA failure state: CLIENT_ERROR:<code> or VALIDATION_ERROR, visible to later nodes")
    func recaptchaFailureState() async throws {
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              Captcha:
                start: r
                nodes:
                  r:
                    recaptcha: { tokens: { good: 0.9 }, storeAssessment: assessment }
                    outcomes: { "true": ok, "false": why }
                  ok:
                    decision: { value: assessment.riskAnalysis.score, greaterThan: 0.8 }
                    outcomes: { "true": success, "false": failure }
                  why:
                    decision: { value: CaptchaEnterpriseNode.FAILURE, equals: "CLIENT_ERROR:network-timeout" }
                    outcomes: { "true": clientError, "false": validation }
                  clientError:
                    failure: { message: client error }
                  validation:
                    decision: { value: CaptchaEnterpriseNode.FAILURE, equals: "VALIDATION_ERROR:CAPTCHA validation failed" }
                    outcomes: { "true": validationFailure, "false": failure }
                  validationFailure:
                    failure: { message: validation error }
            """
        try await Harness.run(yaml) { h in
            func answer(_ token: String, _ clientError: String) async throws -> Reply {
                let step = try await h.start("Captcha").json
                let filled = Steps.set(
                    Steps.set(step, 0, suffix: "token", .string(token)), 0, suffix: "clientError", .string(clientError))
                return try await h.post(h.authenticatePath(), json: filled)
            }
            let clientError = try await answer("", "network-timeout")
            let validation = try await answer("bad", "")
            let good = try await answer("good", "")
            #expect(clientError.json["message"] == "client error")
            #expect(validation.json["message"] == "validation error")
            #expect(good.json["tokenId"] != nil)
        }
    }

    @Test(
        "registration: policies re-prompt with failedPolicies strings; validateOnly does not advance; then login works")
    func registration() async throws {
        try await Harness.run { h in
            let page = try await h.start("Registration").json
            // username taken and too short password: same page, failures as AM writes them.
            var answers: [Int: JSONValue] = [
                0: "demo", 1: "Nia", 2: "Okafor", 3: "nia@example.com", 4: true, 5: "short", 7: true,
            ]
            var filled = Steps.fill(page, answers)
            filled = Steps.set(filled, 6, suffix: "question", "What's your favorite color?")
            filled = Steps.set(filled, 6, suffix: "answer", "green")
            let failed = try await h.post(h.authenticatePath(), json: filled)
            #expect(failed.status == 200)
            let failedCallbacks = Steps.callbacks(failed.json)
            #expect(Steps.output(failedCallbacks[0], "failedPolicies") == [#"{ "policyRequirement": "UNIQUE" }"#])
            let passwordFailures = Steps.output(failedCallbacks[5], "failedPolicies")?.arrayValue ?? []
            #expect(passwordFailures.contains(#"{ "params": { "minLength": 8 }, "policyRequirement": "MIN_LENGTH" }"#))
            #expect(failedCallbacks[0]["input"]?.arrayValue?.first?["value"] == "demo")
            // validateOnly: a valid username shows no failures and the page does not advance.
            answers[0] = "nia"
            answers[5] = "Str0ngPassw0rd"
            var check = Steps.fill(failed.json, answers)
            check = Steps.set(check, 0, suffix: "validateOnly", true)
            let validated = try await h.post(h.authenticatePath(), json: check)
            #expect(Steps.types(validated.json).first == "ValidatedCreateUsernameCallback")
            #expect(Steps.output(Steps.callbacks(validated.json)[0], "failedPolicies") == [])
            var final = Steps.fill(validated.json, answers)
            final = Steps.set(final, 6, suffix: "question", "What's your favorite color?")
            final = Steps.set(final, 6, suffix: "answer", "green")
            let created = try await h.post(h.authenticatePath(), json: final)
            #expect(created.json["tokenId"] != nil)
            let registered = try #require(h.simulator.user("nia"))
            #expect(registered.attributes["mail"] == "nia@example.com")
            #expect(registered.attributes["preferences"] == true)
            #expect(registered.kba == [KBAEntry(question: "What's your favorite color?", answer: "green")])
            #expect(try await h.login("nia", "Str0ngPassw0rd").isEmpty == false)
        }
    }

    @Test("KBA verify asks the user's question; device profile JSON is branched on; consent is required")
    func kbaDeviceConsent() async throws {
        try await Harness.run { h in
            let who = try await h.start("KbaLogin")
            let question = try await h.answer(who.json, [0: "demo"])
            #expect(Steps.output(Steps.callbacks(question.json)[0], "prompt") == "What's your favorite color?")
            #expect(try await h.answer(question.json, [0: " Blue "]).json["tokenId"] != nil)

            let profile = try await h.start("DeviceAndConsent")
            #expect(Steps.types(profile.json) == ["DeviceProfileCallback", "HiddenValueCallback", "MetadataCallback"])
            let json = #"{"identifier":"abc-123","metadata":{"platform":{"deviceName":"iPhone"}}}"#
            let consent = try await h.answer(profile.json, [0: .string(json)])
            #expect(Steps.types(consent.json) == ["ConsentMappingCallback"])
            #expect(try await h.answer(consent.json, [0: false]).status == 401)
            let profile2 = try await h.start("DeviceAndConsent")
            let consent2 = try await h.answer(profile2.json, [0: .string(json)])
            #expect(try await h.answer(consent2.json, [0: true]).json["tokenId"] != nil)
            let noProfile = try await h.start("DeviceAndConsent")
            #expect(try await h.answer(noProfile.json, [0: "{}"]).status == 401)
        }
    }

    @Test("a custom callback type is served and answered by input name")
    func customCallback() async throws {
        try await Harness.run { h in
            let step = try await h.start("CustomCallback")
            #expect(Steps.types(step.json) == ["MyCustomCallback"])
            #expect(try await h.answer(step.json, [0: "BLUE"]).json["tokenId"] != nil)
        }
    }

    @Test("retry limit: three wrong passwords re-prompt, the fourth locks")
    func retryLimit() async throws {
        try await Harness.run { h in
            var step = try await h.start("LoginWithRetries").json
            for _ in 0..<3 {
                let next = try await h.answer(step, [0: "demo", 1: "wrong"])
                #expect(Steps.types(next.json) == ["NameCallback", "PasswordCallback"])
                step = next.json
            }
            let locked = try await h.answer(step, [0: "demo", 1: "wrong"])
            #expect(locked.json == (try Paths.fixture("responses/failure-401-login-failure-detail-message.json")))
        }
    }
}

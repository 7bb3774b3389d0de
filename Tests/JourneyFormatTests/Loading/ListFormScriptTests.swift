import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// A complete script with list-form handlers (every matcher key and answer option), the full
/// `start` form, captures from every source, and detailed expectations.
@Suite struct ListFormScriptTests {
    let text = """
        version: 1
        name: Second factor with matchers
        start:
          authIndexType: service
          authIndexValue: "{{ tree }}"
          forceAuth: true
          noSession: true
          query: { locale: fr, goto: "https://app.example.com/{{ tree }}" }
          acceptLanguage: fr-FR
        vars:
          tree: MFA
        handlers:
          - match: NameCallback
            value: demo
          - match:
              type: ChoiceCallback
              prompt: /second factor/i
              output: { choices: /SMS/ }
              id: 3
              stage: MFA_CHOICE
              step: 2
              occurrence: 1
            choose: SMS
          - match: { type: ConfirmationCallback }
            choose: 0
          - match: { type: HiddenValueCallback, hiddenId: webAuthnOutcome }
            clientError: NotAllowedError
          - match: { type: KbaCreateCallback }
            question: What is your pet's name?
            answer: { env: KBA_ANSWER, secret: true }
          - match: TermsAndConditionsCallback
            accept: true
          - match: StringAttributeInputCallback
            value: Ada
            validateOnly: false
          - match: IdPCallback
            token: abc
            tokenType: id_token
          - match: PingOneProtectEvaluationCallback
            signals: "{{ otpUri }}"
          - match: DeviceProfileCallback
            profile: { identifier: device-1, metadata: { platform: { model: Test } } }
          - match: DeviceBindingCallback
            deviceName: Test Phone
            deviceId: { generate: uuid }
            key: keys/device.pem
          - match: AcmeTokenCallback
            inputs: { IDToken1token: "{{ otpUri }}", clientError: "" }
          - match: PollingWaitCallback
            exit: true
          - match: SuspendedTextOutputCallback
            resume: { outbox: { to: demo@example.com, field: suspendedId } }
          - match: TextOutputCallback
            echo: true
        capture:
          otpUri: { from: output, callback: { type: HiddenValueCallback, hiddenId: mfaDeviceRegistration }, name: value, regex: "/secret=(\\\\w+)/", step: 2, secret: true }
          choices: { from: output, callback: ChoiceCallback, name: choices }
          stageName: { from: stage }
          title: { from: header }
          about: { from: description }
          token: { from: response, path: tokenId, secret: true }
          location: { from: httpHeader, name: Location }
          uri: { from: registrationUri }
          codes: { from: recoveryCodes }
        expect:
          steps:
            - [NameCallback]
            - callbacks: [ChoiceCallback]
              stage: MFA_CHOICE
              header: /Choose/
              outputs:
                ChoiceCallback.choices: [Email, SMS]
                ChoiceCallback.prompt: /factor/
          outcome:
            failure:
              code: 401
              reason: Unauthorized
              message: /Login failure/
              detail: { failureUrl: /example/ }
        """

    @Test func loadsTheFullStartForm() throws {
        let start = try #require(LoaderTestSupport.load(text, knownVariables: [])?.pingAM?.start)
        #expect(start.authIndexType == "service")
        #expect(start.authIndexValue?.soleExpression == .path(["tree"]))
        #expect(start.forceAuth && start.noSession)
        #expect(start.query.map(\.name) == ["locale", "goto"])
        #expect(start.query.last?.value.description == "https://app.example.com/{{ tree }}")
        #expect(start.acceptLanguage == "fr-FR")
        #expect(start.resume == nil)
    }

    @Test func loadsEveryMatcherKey() throws {
        let handlers = try #require(LoaderTestSupport.load(text)).handlers
        #expect(handlers.count == 15)
        let choice = handlers[1].matcher
        #expect(choice.type?.value == "ChoiceCallback")
        #expect(choice.prompt?.description == "/second factor/i")
        #expect(choice.outputs.map(\.name) == ["choices"])
        #expect(choice.outputs.first?.pattern.matches("Email, SMS") == true)
        #expect(choice.callbackId == 3)
        #expect(choice.stage == TextPattern(exact: "MFA_CHOICE"))
        #expect(choice.step == 2)
        #expect(choice.occurrence == 1)
        #expect(handlers[3].matcher.hiddenId == TextPattern(exact: "webAuthnOutcome"))
        #expect(handlers[1].location == SourceLocation(file: "test.yaml", line: 15, column: 5))
    }

    @Test func loadsEveryAnswerOption() throws {
        let answers = try #require(LoaderTestSupport.load(text)).handlers.map(\.answer)
        #expect(LoaderTestSupport.describe(answers[0].value) == "literal \"demo\"")
        #expect(answers[1].choose?.value == .label("SMS"))
        #expect(answers[2].choose?.value == .index(0))
        #expect(LoaderTestSupport.describe(answers[3].clientError) == "literal \"NotAllowedError\"")
        #expect(LoaderTestSupport.describe(answers[4].question) == "literal \"What is your pet's name?\"")
        #expect(LoaderTestSupport.describe(answers[4].answer) == "env KBA_ANSWER default - secret")
        #expect(answers[5].accept?.value == true)
        #expect(answers[6].validateOnly?.value == false)
        #expect(LoaderTestSupport.describe(answers[7].token) == "literal \"abc\"")
        #expect(answers[7].tokenType?.value == "id_token")
        #expect(LoaderTestSupport.describe(answers[8].signals) == "template {{ otpUri }}")
        #expect(
            answers[9].profile?.value.compactJSON
                == #"{"identifier":"device-1","metadata":{"platform":{"model":"Test"}}}"#)
        #expect(LoaderTestSupport.describe(answers[10].deviceName) == "literal \"Test Phone\"")
        #expect(LoaderTestSupport.describe(answers[10].deviceId) == "generate uuid")
        #expect(answers[10].keyFile?.value == "keys/device.pem")
        #expect(answers[11].inputs.map(\.name) == ["IDToken1token", "clientError"])
        #expect(
            answers[11].inputs.map { LoaderTestSupport.describe($0.value) } == [
                "template {{ otpUri }}", "literal \"\"",
            ])
        #expect(answers[12].exit?.value == true)
        #expect(LoaderTestSupport.describe(answers[13].resume) == "outbox demo@example.com suspendedId")
        #expect(answers[14].echo?.value == true)
    }

    @Test func loadsCapturesFromEverySource() throws {
        let captures = try #require(LoaderTestSupport.load(text)).captures
        #expect(
            captures.map(\.name) == [
                "otpUri", "choices", "stageName", "title", "about", "token", "location", "uri", "codes",
            ])
        let summaries = captures.map { capture -> String in
            switch capture.source {
            case .output(let matcher, let name): return "output \(matcher.summary) \(name)"
            case .stepField(let field): return "step \(field)"
            case .response(let path): return "response \(path)"
            case .httpHeader(let name): return "header \(name)"
            case .registrationUri: return "registrationUri"
            case .recoveryCodes: return "recoveryCodes"
            }
        }
        #expect(
            summaries == [
                "output HiddenValueCallback, id 'mfaDeviceRegistration' value", "output ChoiceCallback choices",
                "step stage", "step header", "step description", "response tokenId", "header Location",
                "registrationUri", "recoveryCodes",
            ])
        #expect(captures[0].regex?.description == #"/secret=(\w+)/"#)
        #expect(captures[0].step == 2)
        #expect(captures[0].secret && captures[5].secret && !captures[1].secret)
    }

    @Test func loadsDetailedExpectations() throws {
        let expect = try #require(LoaderTestSupport.load(text)).expect
        let steps = try #require(expect.steps)
        #expect(steps.count == 2)
        #expect(steps[1].callbacks == ["ChoiceCallback"])
        #expect(steps[1].stage == TextPattern(exact: "MFA_CHOICE"))
        #expect(steps[1].header?.description == "/Choose/")
        #expect(
            steps[1].outputs.map { "\($0.callbackType).\($0.output)" } == [
                "ChoiceCallback.choices", "ChoiceCallback.prompt",
            ])
        if case .equals(let json) = steps[1].outputs[0].expected {
            #expect(json == .array([.string("Email"), .string("SMS")]))
        } else {
            Issue.record("expected an equality check")
        }
        if case .matches(let pattern) = steps[1].outputs[1].expected {
            #expect(pattern.description == "/factor/")
        } else {
            Issue.record("expected a pattern check")
        }
        guard case .failure(let failure) = expect.outcome else {
            Issue.record("expected a failure outcome, found \(expect.outcome.name)")
            return
        }
        #expect(failure.code == 401)
        #expect(failure.reason == TextPattern(exact: "Unauthorized"))
        #expect(failure.message?.description == "/Login failure/")
        #expect(failure.detail.map(\.name) == ["failureUrl"])
    }

    /// AcmeTokenCallback is answered by input name: a declared custom type, not an unknown one.
    @Test func loadsWithoutDiagnostics() {
        let diagnostics = ScriptLoader.lint(text: text, file: "test.yaml").diagnostics
        #expect(diagnostics.map(LoaderTestSupport.summary) == [])
    }
}

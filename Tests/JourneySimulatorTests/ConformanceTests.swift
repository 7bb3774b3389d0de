import Foundation
import JourneyCore
import JourneySimulator
import Testing

/// The simulator's bodies have the same keys, types and input names as real AM bodies (the fixtures).
@Suite("Wire shapes match the fixtures")
struct ConformanceTests {
    /// A tree with one page per catalogue fixture, configured like the fixture.
    static let yaml = """
        kind: simulator
        version: 1
        settings: { realms: [root] }
        journeys:
          Choice:
            start: c
            nodes:
              c:
                choice: { stage: SecondFactorChoice, prompt: SecondFactorChoice, choices: [Email, SMS] }
                outcomes: { Email: success, SMS: success }
          Recaptcha:
            start: r
            nodes:
              r:
                recaptcha: { siteKey: 6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T, tokens: {} }
                outcomes: { "true": success, "false": failure }
          Kba:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks:
                    - { type: KbaCreateCallback, prompt: Pick Security Question, predefinedQuestions: ["What's your favorite color?", "Who was your first employer?"] }
                    - { type: KbaCreateCallback, prompt: Pick Security Question, predefinedQuestions: ["What's your favorite color?", "Who was your first employer?"] }
                next: success
          KbaAllowed:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks:
                    - { type: KbaCreateCallback, prompt: Purpose Message, predefinedQuestions: ["What's your favorite color?"] }
                next: success
          Terms:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks: [{ type: TermsAndConditionsCallback, terms: "This is a demo for Terms & Conditions" }]
                next: success
          Text:
            start: p
            nodes:
              p:
                page:
                  callbacks: [{ type: TextInputCallback, prompt: One Time Pin, defaultText: default }]
                next: success
          Hidden:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks: [{ type: HiddenValueCallback, value: 67e50231-c646-4a74-9b5d-2022a3e6f8d6, id: jwt }]
                next: success
          Device:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks: [{ type: DeviceProfileCallback, metadata: true, location: true }]
                next: success
          Consent:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks:
                    - { type: ConsentMappingCallback, name: managedUser_managedUser, displayName: Identity Mapping, accessLevel: Actual Profile, message: This is Consent, fields: [a, b] }
                next: success
          Boolean:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks: [{ type: BooleanAttributeInputCallback, name: happy, prompt: Happy, required: true }]
                next: success
          Custom:
            start: p
            nodes:
              p:
                page:
                  ids: false
                  callbacks: [{ type: MyCustomCallback, outputs: { prompt: User Name }, inputs: [{ suffix: "", value: "" }] }]
                next: success
          Message:
            start: m
            nodes:
              m:
                message: { message: This is a Message Node, messageType: 1 }
                next: success
          Polling:
            start: w
            nodes:
              w:
                pollingWait: { waitTime: 8000, message: Waiting }
                outcomes: { done: success, exit: failure }
        """

    func step(_ h: Harness, _ journey: String) async throws -> JSONValue {
        try await h.start(journey, realm: "/").json
    }

    @Test("Login's first step matches start-username-password.json (stage, _id, IDToken1/IDToken2)")
    func loginStep() async throws {
        try await Harness.run { h in
            let ours = try await h.start("Login", realm: "/").json
            let fixture = try Paths.fixture("responses/start-username-password.json")
            #expect(CallbackShape.of(ours) == CallbackShape.of(fixture))
            #expect(ours["stage"] == fixture["stage"])
            #expect(Set(keyKinds(ours).keys).isSuperset(of: keyKinds(fixture).keys))
        }
    }

    @Test(
        "single-callback steps match their fixtures",
        arguments: [
            ("Choice", "callbacks/ChoiceCallback.json", false),
            ("Recaptcha", "callbacks/ReCaptchaEnterpriseCallback.json", false),
            ("KbaAllowed", "callbacks/KbaCreateCallback--allowUserDefinedQuestions.json", false),
            ("Text", "callbacks/TextInputCallback.json", false),
            ("Hidden", "callbacks/HiddenValueCallback.json", false),
            ("Device", "callbacks/DeviceProfileCallback.json", false),
            ("Consent", "callbacks/ConsentMappingCallback.json", false),
            ("Custom", "callbacks/CustomCallback--only.json", false),
            ("Message", "callbacks/TextOutputCallback.json", false),
        ])
    func callbackShapes(journey: String, fixture: String, ignoreIds: Bool) async throws {
        let yaml = Self.yaml
        try await Harness.run(yaml) { h in
            let ours = try await step(h, journey)
            let theirs = try Paths.fixture(fixture)
            // The ChoiceCallback fixture pre-fills "" where we pre-fill the default index; AM accepts both.
            let oursShapes = CallbackShape.of(ours, ignoringIds: true).map(Self.normalizeChoice)
            let theirShapes = CallbackShape.of(theirs, ignoringIds: true).map(Self.normalizeChoice)
            #expect(oursShapes == theirShapes)
            #expect(ours["authId"]?.stringValue?.split(separator: ".").count == 3)
            #expect(ours["stage"] == theirs["stage"])
        }
    }

    /// Older AM sends KbaCreateCallback without `allowUserDefinedQuestions`: the quirk that says so.
    @Test func kbaWithoutAllowUserDefinedQuestionsMatchesOlderAM() async throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "settings: { realms: [root] }",
            with: "settings: { realms: [root], quirks: { kbaWithoutAllowUserDefinedQuestions: true } }")
        try await Harness.run(yaml) { h in
            let ours = try await step(h, "Kba")
            let theirs = try Paths.fixture("callbacks/KbaCreateCallback.json")
            #expect(CallbackShape.of(ours, ignoringIds: true) == CallbackShape.of(theirs, ignoringIds: true))
        }
    }

    static func normalizeChoice(_ shape: CallbackShape) -> CallbackShape {
        var copy = shape
        if copy.type == "ChoiceCallback" {
            copy.inputs = copy.inputs.map { $0.replacingOccurrences(of: ":number", with: ":string") }
        }
        return copy
    }

    @Test("the same outputs and values as the ReCaptchaEnterpriseCallback fixture, exactly")
    func recaptchaExact() async throws {
        let yaml = Self.yaml
        try await Harness.run(yaml) { h in
            let ours = Steps.callbacks(try await step(h, "Recaptcha"))
            let theirs = Steps.callbacks(try Paths.fixture("callbacks/ReCaptchaEnterpriseCallback.json"))
            #expect(ours == theirs)
        }
    }

    @Test("the polling page: PollingWaitCallback (string waitTime) + ConfirmationCallback [Exit], input 100")
    func pollingShape() async throws {
        let yaml = Self.yaml
        try await Harness.run(yaml) { h in
            let ours = try await step(h, "Polling")
            let polling = CallbackShape.of(try Paths.fixture("callbacks/PollingWaitCallback.json"))
            let confirmation = CallbackShape.of(try Paths.fixture("callbacks/ConfirmationCallback.json"))[0]
            let shapes = CallbackShape.of(ours)
            #expect(shapes.first == polling.first)
            #expect(shapes.last?.outputs == confirmation.outputs)
            let exit = Steps.callbacks(ours)[1]
            #expect(Steps.output(exit, "options") == ["Exit"])
            #expect(Steps.output(exit, "optionType") == -1)
            #expect(exit["input"]?.arrayValue?.first?["value"] == 100)
            #expect(Steps.output(Steps.callbacks(ours)[0], "waitTime") == "8000")
        }
    }

    @Test("the registration page matches registration-platform-validateOnly.json for the username callback")
    func registrationShape() async throws {
        try await Harness.run { h in
            let ours = try await h.start("Registration").json
            let theirs = try Paths.fixture("responses/registration-platform-validateOnly.json")
            let username = CallbackShape.of(ours)[0]
            let fixtureUsername = CallbackShape.of(theirs)[0]
            #expect(username == fixtureUsername)
            let givenName = CallbackShape.of(ours)[1]
            #expect(givenName == CallbackShape.of(theirs)[1])
            let policies = Steps.output(Steps.callbacks(ours)[0], "policies")
            #expect(policies?["name"] == "userName")
            #expect(
                policies?["policies"]?.arrayValue?.contains {
                    $0["policyId"] == "minimum-length" && $0["params"]?["minLength"] == 3
                } == true)
            #expect(Steps.types(ours).contains("KbaCreateCallback"))
            #expect(Steps.types(ours).contains("TermsAndConditionsCallback"))
        }
    }

    @Test("success and failure bodies have the fixtures' keys")
    func terminalShapes() async throws {
        try await Harness.run { h in
            let token = try await h.start("Login")
            let success = try await h.answer(token.json, [0: "demo", 1: "Ch4ng3it!"]).json
            #expect(keyKinds(success) == keyKinds(try Paths.fixture("responses/success.json")))
            let locked = try await h.start("AlwaysFail")
            #expect(locked.status == 401)
            #expect(locked.json == (try Paths.fixture("responses/failure-401-login-failure-detail-message.json")))
            let cancelled = try await h.start("LoginWithRecaptcha")
            #expect(cancelled.status == 200)
        }
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// reCAPTCHA, identity provider and custom callbacks from their fixture bodies.
@Suite struct IdentityFixtureTests {
    static let cases: [FixtureCase] = [
        FixtureCase(
            testDescription: "a reCAPTCHA token", path: "callbacks/ReCaptchaCallback.json",
            handlers: [handler("ReCaptchaCallback") { $0.token = text("03AGdBq2-token") }],
            setting: [(0, "IDToken1", "03AGdBq2-token")],
            notes: [(0, "siteKey", "6Lf3tbYUAAAAAEm78fAOFRKb-n1M67FDtmpczIBK")],
            traced: [(0, "IDToken1", "«recaptcha-token»")]),
        FixtureCase(
            testDescription: "a reCAPTCHA Enterprise token", path: "callbacks/ReCaptchaEnterpriseCallback.json",
            handlers: [handler("ReCaptchaEnterpriseCallback") { $0.token = text("ent-token-1") }],
            setting: [(0, "IDToken1token", "ent-token-1"), (0, "IDToken1action", "login")]),
        FixtureCase(
            testDescription: "SelectIdPCallback by provider id", path: "callbacks/SelectIdPCallback.json",
            handlers: [handler("SelectIdPCallback") { $0.value = text("localAuthentication") }],
            setting: [(0, "IDToken1", "localAuthentication")]),
        FixtureCase(
            testDescription: "an IdP token with the default type", path: "callbacks/IdPCallback.json",
            handlers: [handler("IdPCallback") { $0.token = text("google-id-token") }],
            setting: [(0, "IDToken1token", "google-id-token"), (0, "IDToken1token_type", "id_token")],
            traced: [(0, "IDToken1token", "«idp-token»")]),
        FixtureCase(
            testDescription: "Apple IdP with the authorization_code token type",
            path: "callbacks/IdPCallback--apple.json",
            handlers: [
                handler("IdPCallback") {
                    $0.token = text("apple-code")
                    $0.tokenType = located("authorization_code")
                }
            ],
            setting: [(0, "IDToken1token", "apple-code"), (0, "IDToken1token_type", "authorization_code")]),
        FixtureCase(
            testDescription: "an IdP that accepts JSON takes a token mapping",
            path: "callbacks/IdPCallback--acceptsJSON.json",
            handlers: [
                handler("IdPCallback") { $0.token = literal(["id_token": "apple-jwt", "name": ["firstName": "Ann"]]) }
            ],
            setting: [
                (0, "IDToken1token", "{\"id_token\":\"apple-jwt\",\"name\":{\"firstName\":\"Ann\"}}"),
                (0, "IDToken1token_type", "JSON"),
            ]),
        FixtureCase(
            testDescription: "a custom callback alone, by value", path: "callbacks/CustomCallback--only.json",
            handlers: [handler("MyCustomCallback") { $0.value = text("custom") }],
            setting: [(0, "IDToken1", "custom")]),
        FixtureCase(
            testDescription: "a custom callback beside standard ones, by input name",
            path: "callbacks/CustomCallback--unknown-type.json",
            handlers: [
                handler("NameCallback") { $0.value = text("demo") },
                handler("PasswordCallback", line: 2) { $0.value = text("pw-123") },
                handler("CustomCallback", line: 3) { $0.inputs = [("IDToken3", text("x"))] },
            ],
            setting: [(0, "IDToken1", "demo"), (1, "IDToken2", "pw-123"), (2, "IDToken3", "x")]),
        FixtureCase(
            testDescription: "a custom echo leaves everything", path: "callbacks/CustomCallback--only.json",
            handlers: [handler("MyCustomCallback") { $0.echo = located(true) }], setting: [], allHandled: true),
    ]

    @Test(arguments: cases)
    func fixtureIsAnswered(_ example: FixtureCase) async throws {
        try await example.check()
    }

    @Test func selectIdPUnknownProviderNamesTheProviders() async throws {
        let step = try Fixtures.step("callbacks/SelectIdPCallback.json")
        do {
            _ = try await answer(step, [handler("SelectIdPCallback") { $0.value = text("github") }])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("'google', 'facebook', 'localAuthentication'"))
        }
    }

    @Test func idpClientErrorNeedsTheInput() async throws {
        let step = try Fixtures.step("callbacks/IdPCallback.json")
        do {
            _ = try await answer(step, [handler("IdPCallback") { $0.clientError = text("cancelled") }])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("no IDToken<N>clientError input"))
        }
    }

    @Test func customInputsBySuffixAndUnknownNames() async throws {
        let callback = AMCallback(
            type: "AcmeTokenCallback", output: [NameValue(name: "prompt", value: "Token")],
            input: [
                NameValue(name: "IDToken1", value: ""), NameValue(name: "IDToken1token", value: ""),
                NameValue(name: "IDToken1remember", value: false),
            ])
        let step = AMStep(authId: "a", callbacks: [callback])
        let result = try await answer(
            step,
            [
                handler("AcmeTokenCallback") {
                    $0.inputs = [("token", text("t-1")), ("", text("plain")), ("remember", text("true"))]
                }
            ])
        #expect(
            result.step.callbacks[0].input == [
                NameValue(name: "IDToken1", value: "plain"), NameValue(name: "IDToken1token", value: "t-1"),
                NameValue(name: "IDToken1remember", value: true),
            ])
        do {
            _ = try await answer(step, [handler("AcmeTokenCallback") { $0.inputs = [("secret", text("x"))] }])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("no input 'secret'; inputs: IDToken1, IDToken1token, IDToken1remember"))
        }
        await #expect(throws: RunError.self) {
            try await answer(step, [handler("AcmeTokenCallback") { $0.value = text("x") }])
        }
    }

}

import Foundation
import JourneyCore
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// reCAPTCHA, identity provider and custom callbacks from their fixture bodies.
@Suite struct IdentityFixtureTests {
    @Test func reCaptchaToken() async throws {
        let path = "callbacks/ReCaptchaCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaCallback") { $0.token = text("03AGdBq2-token") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "03AGdBq2-token")]))
        #expect(result.traced(0, "IDToken1")?.value == "«recaptcha-token»")
        #expect(result.note(0, "siteKey") == "6Lf3tbYUAAAAAEm78fAOFRKb-n1M67FDtmpczIBK")
    }

    @Test func reCaptchaEnterpriseToken() async throws {
        let path = "callbacks/ReCaptchaEnterpriseCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("ReCaptchaEnterpriseCallback") { $0.token = text("ent-token-1") }
            ])
        #expect(
            result.step.json
                == fixture(json, setting: [(0, "IDToken1token", "ent-token-1"), (0, "IDToken1action", "login")]))
    }

    @Test func selectIdPByProviderId() async throws {
        let path = "callbacks/SelectIdPCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("SelectIdPCallback") { $0.value = text("localAuthentication") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "localAuthentication")]))
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

    @Test func idpTokenWithDefaultType() async throws {
        let path = "callbacks/IdPCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("IdPCallback") { $0.token = text("google-id-token") }
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1token", "google-id-token"), (0, "IDToken1token_type", "id_token"),
                    ]))
        #expect(result.traced(0, "IDToken1token")?.value == "«idp-token»")
    }

    @Test func idpAppleWithAccessTokenType() async throws {
        let path = "callbacks/IdPCallback--apple.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("IdPCallback") {
                    $0.token = text("apple-code")
                    $0.tokenType = located("authorization_code")
                }
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1token", "apple-code"), (0, "IDToken1token_type", "authorization_code"),
                    ]))
    }

    @Test func idpAcceptsJSONTokenMapping() async throws {
        let path = "callbacks/IdPCallback--acceptsJSON.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("IdPCallback") { $0.token = literal(["id_token": "apple-jwt", "name": ["firstName": "Ann"]]) }
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1token", "{\"id_token\":\"apple-jwt\",\"name\":{\"firstName\":\"Ann\"}}"),
                        (0, "IDToken1token_type", "JSON"),
                    ]))
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

    @Test func customCallbackOnlyByValue() async throws {
        let path = "callbacks/CustomCallback--only.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("MyCustomCallback") { $0.value = text("custom") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1", "custom")]))
    }

    @Test func customCallbackBesideStandardOnesByInputName() async throws {
        let path = "callbacks/CustomCallback--unknown-type.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("NameCallback") { $0.value = text("demo") },
                handler("PasswordCallback", line: 2) { $0.value = text("pw-123") },
                handler("CustomCallback", line: 3) { $0.inputs = [("IDToken3", text("x"))] },
            ])
        #expect(
            result.step.json
                == fixture(
                    json,
                    setting: [
                        (0, "IDToken1", "demo"), (1, "IDToken2", "pw-123"), (2, "IDToken3", "x"),
                    ]))
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

    @Test func customEchoLeavesEverything() async throws {
        let path = "callbacks/CustomCallback--only.json"
        let result = try await answer(
            try Fixtures.step(path), [handler("MyCustomCallback") { $0.echo = located(true) }])
        #expect(result.step.json == (try Fixtures.json(path)))
        #expect(result.unhandled.isEmpty)
    }
}

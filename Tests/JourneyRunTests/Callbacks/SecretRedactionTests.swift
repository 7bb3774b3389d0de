import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// Secrets are registered before the trace is built and never appear in it.
@Suite struct SecretRedactionTests {
    @Test func passwordNeverReachesTheTrace() async throws {
        let environment = TestEnvironment()
        let step = try Fixtures.step("responses/start-username-password.json")
        let result = try await answer(
            step,
            [
                handler("NameCallback") { $0.value = text("demo") },
                handler("PasswordCallback", line: 2) { $0.value = text("Ch4ngeit!") },
            ], environment: environment)
        let shown = rendering(result.callbacks)
        #expect(!shown.contains("Ch4ngeit!"))
        #expect(shown.contains("«password»"))
        #expect(shown.contains("demo"))
        #expect(environment.redactor.redact("pw=Ch4ngeit!") == "pw=«password»")
        // The step sent to the server carries the real value.
        #expect(result.step.callbacks[1].input?.first?.value == "Ch4ngeit!")
    }

    @Test func declaredSecretVariablesAreSecretsAnywhere() async throws {
        let environment = TestEnvironment(variables: ["NICKNAME": "hush-hush"])
        let result = try await answer(
            try Fixtures.step("callbacks/TextInputCallback.json"),
            [
                handler("TextInputCallback") { $0.value = env("NICKNAME", secret: true) }
            ], environment: environment)
        #expect(result.traced(0, "IDToken1") == InputTrace(name: "IDToken1", value: "«secret»", redacted: true))
        #expect(!rendering(result.callbacks).contains("hush-hush"))
    }

    @Test func clientErrorsFromSecretsAreRedactedInNotes() async throws {
        let environment = TestEnvironment(variables: ["CODE": "code-from-vault"])
        let result = try await answer(
            try Fixtures.step("callbacks/ReCaptchaEnterpriseCallback.json"),
            [
                handler("ReCaptchaEnterpriseCallback") { $0.clientError = env("CODE", secret: true) }
            ], environment: environment)
        #expect(!rendering(result.callbacks).contains("code-from-vault"))
    }

    @Test func kbaAnswersAndIdPTokensAreSecrets() async throws {
        let kba = try await answer(
            try Fixtures.step("callbacks/KbaCreateCallback--allowUserDefinedQuestions.json"),
            [
                handler("KbaCreateCallback") {
                    $0.question = literal(0)
                    $0.answer = text("Vermilion")
                }
            ])
        #expect(!rendering(kba.callbacks).contains("Vermilion"))
        let idp = try await answer(
            try Fixtures.step("callbacks/IdPCallback.json"),
            [
                handler("IdPCallback") { $0.token = text("ya29.google-token") }
            ])
        #expect(!rendering(idp.callbacks).contains("ya29.google-token"))
    }
}

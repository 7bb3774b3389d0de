import Crypto
import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// WebAuthn handlers answered by the software authenticator in a run: the outcome texts' exact
/// shape for both delivery forms, usernameless login, credential choice, and what a browser
/// would refuse.
@Suite struct PasskeyRunTests {
    static let server = "http://am.test/am"

    static func run(_ script: String, _ transport: ScriptedTransport) async throws -> JourneyResult {
        let journey = try LoaderTestSupport.compile(script)
        return await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: server, transport: transport, seed: 42))
    }

    @Test func metadataRegistrationThenUsernamelessLogin() async throws {
        let am = try PasskeyAM.transport(fixtures: [
            "registration-metadata-am71-platform", "authentication-metadata-am71",
        ])
        let result = try await Self.run(
            """
            version: 1
            name: Register then sign in without a username
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { deviceName: laptop }
              WebAuthnAuthenticationCallback: {}
            """, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")

        let registration = try PasskeyOutcomeCheck.registration(try am.outcome(at: 1))
        #expect(registration.clientData.type == "webauthn.create")
        #expect(registration.clientData.origin == "http://am.test")
        #expect(!registration.clientData.crossOrigin)
        let challenge = try #require(Data(base64Encoded: "X5OsmgG2We2Xgir575Grt19hwXoC9m7Jth6UxWOrEYE="))
        #expect(registration.clientData.challenge == Base64URL.encode(challenge))
        #expect(registration.attestation.format == "none")
        let rpIdHash = Array(SHA256.hash(data: Array("humorous-cuddly-carrot.glitch.me".utf8)))
        #expect(registration.authenticatorData.rpIdHash == rpIdHash)
        let attested = try #require(registration.authenticatorData.attestedCredential)
        #expect(registration.credentialId == Base64URL.encode(attested.credentialId))
        #expect(attested.publicKey.algorithm == .es256, "the relying party lists ES256 first")
        #expect(registration.deviceName == "laptop")

        let assertion = try PasskeyOutcomeCheck.assertion(try am.outcome(at: 2))
        #expect(assertion.clientData.type == "webauthn.get")
        #expect(assertion.credentialId == registration.credentialId)
        #expect(
            assertion.userHandle == "ZTI0ZjBkN2MtYTlkNS00YTNmLWEwMDItNmY4MDgyMTBhOGEz",
            "a discoverable passkey returns its user")
        #expect(Array(assertion.authenticatorData.prefix(32)) == rpIdHash)
        #expect(assertion.authenticatorData[32] & 0x05 == 0x05, "UP and UV")
        #expect(Array(assertion.authenticatorData[33..<37]) == [0, 0, 0, 1], "the counter moved to 1")
        #expect(try PasskeyOutcomeCheck.verifies(assertion, with: registration))

        let console = ConsoleReporter(verbose: true).scriptFinished(result)
        #expect(console.contains("«webauthn-outcome»"))
        #expect(console.contains("registered ES256 credential 'laptop'"))
        #expect(console.contains("\"type\":\"webauthn.get\""), "the trace shows the client data that was signed")
        #expect(console.contains("UP UV"))
    }

    @Test func scriptFormRegistrationThenLoginWithANamedCredential() async throws {
        let am = try PasskeyAM.transport(fixtures: ["registration-script-am70", "authentication-script-am70"])
        let result = try await Self.run(
            """
            version: 1
            name: Script delivery
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { credential: key-1, algorithm: EdDSA, attestation: packed }
              WebAuthnAuthenticationCallback: { credential: key-1, userHandle: handle-1 }
            """, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let registration = try PasskeyOutcomeCheck.registration(try am.outcome(at: 1))
        #expect(registration.deviceName == nil)
        #expect(registration.attestation.format == "packed")
        #expect(registration.authenticatorData.attestedCredential?.publicKey.algorithm == .edDSA)
        let rpIdHash = Array(SHA256.hash(data: Array("https://user.example.com:3002".utf8)))
        #expect(registration.authenticatorData.rpIdHash == rpIdHash, "the rp id as the script gives it")
        let assertion = try PasskeyOutcomeCheck.assertion(try am.outcome(at: 2))
        #expect(assertion.userHandle == "handle-1")
        #expect(assertion.credentialId == registration.credentialId)
        #expect(try PasskeyOutcomeCheck.verifies(assertion, with: registration))
    }

    @Test func jsonResponseWhenTheNodeSupportsIt() async throws {
        let am = try PasskeyAM.transport(fixtures: ["registration-metadata-supportsJsonResponse"])
        let result = try await Self.run(
            """
            version: 1
            name: JSON outcome
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { algorithm: RS256, origin: "https://idc.petrov.ca" }
            """, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let outcome = try JSONValue.parse(try am.outcome(at: 1))
        #expect(outcome.objectValue?.keys.sorted() == ["authenticatorAttachment", "legacyData"])
        #expect(outcome["authenticatorAttachment"]?.stringValue == "platform")
        let registration = try PasskeyOutcomeCheck.registration(try #require(outcome["legacyData"]?.stringValue))
        #expect(try AMWebAuthnOutcome.parse(try am.outcome(at: 1), registration: true).attachment == "platform")
        #expect(registration.clientData.origin == "https://idc.petrov.ca")
        #expect(registration.authenticatorData.attestedCredential?.publicKey.algorithm == .rs256)
    }

    @Test func wrongOriginAndRpIdAreSignedAsGiven() async throws {
        let am = try PasskeyAM.transport(fixtures: ["registration-metadata-am71"])
        _ = try await Self.run(
            """
            version: 1
            name: Wrong origin
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { origin: "https://evil.example", rpId: evil.example, userVerification: false }
            """, am)
        let registration = try PasskeyOutcomeCheck.registration(try am.outcome(at: 1))
        #expect(registration.clientData.origin == "https://evil.example")
        #expect(registration.authenticatorData.rpIdHash == Array(SHA256.hash(data: Array("evil.example".utf8))))
        #expect(!registration.authenticatorData.flags.contains(.userVerified))
    }

    @Test func noPasskeyForTheRelyingPartyIsTheBrowsersNotAllowedError() async throws {
        let am = try PasskeyAM.transport(fixtures: ["authentication-metadata-am71-allow-credentials"])
        let result = try await Self.run(
            """
            version: 1
            name: Nothing to sign with
            journey: Passkey
            handlers:
              WebAuthnAuthenticationCallback: {}
            """, am)
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        #expect(try am.outcome(at: 1) == "ERROR::NotAllowedError:The operation either timed out or was not allowed.")
        #expect(ConsoleReporter(verbose: true).scriptFinished(result).contains("has no passkey for rp id"))
    }

    @Test func clientErrorsStillAnswerForNegativeTests() async throws {
        let am = try PasskeyAM.transport(fixtures: ["registration-metadata-am71"])
        _ = try await Self.run(
            """
            version: 1
            name: Client error
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { clientError: unsupported }
            """, am)
        #expect(try am.outcome(at: 1) == "unsupported")
    }
}

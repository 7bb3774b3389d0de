import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// The passkey keys of the script format: what loads, and the errors with file:line:col.
@Suite struct PasskeyLoaderTests {
    @Test func everyPasskeyOptionLoads() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Passkeys
                journey: Passkey
                device: { file: alice-device.json }
                handlers:
                  WebAuthnRegistrationCallback:
                    deviceName: laptop
                    credential: key-1
                    userVerification: true
                    userPresence: true
                    algorithm: RS256
                    attestation: packed
                    residentKey: true
                    backupEligible: true
                    backupState: false
                    signCount: zero
                    origin: "https://example.com"
                    rpId: example.com
                    aaguid: 00000000-0000-0000-0000-000000000001
                  WebAuthnAuthenticationCallback: { credential: key-1, userHandle: abc, signCount: 7 }
                """))
        #expect(script.device?.file.value == "alice-device.json")
        #expect(script.device?.file.location.line == 4)
        let registration = try #require(script.handlers.first?.answer.passkey)
        #expect(registration.algorithm?.value == "RS256")
        #expect(registration.attestation?.value == "packed")
        #expect(registration.residentKey?.value == true)
        #expect(registration.backupEligible?.value == true)
        #expect(registration.backupState?.value == false)
        #expect(registration.signCount?.value == .zero)
        #expect(registration.aaguid?.value == "00000000-0000-0000-0000-000000000001")
        #expect(LoaderTestSupport.describe(registration.origin) == #"literal "https://example.com""#)
        let authentication = try #require(script.handlers.last?.answer.passkey)
        #expect(authentication.signCount?.value == .value(7))
        #expect(LoaderTestSupport.describe(authentication.userHandle) == #"literal "abc""#)
    }

    @Test func badValuesAreErrorsAtTheirPlace() {
        let problems = LoaderTestSupport.problems(
            """
            version: 1
            name: Bad passkeys
            journey: Passkey
            device: { fil: x.json }
            handlers:
              WebAuthnRegistrationCallback:
                algorithm: ES265
                attestation: direct
                signCount: -1
                aaguid: not-a-uuid
                residentKey: maybe
            """)
        #expect(problems.contains { $0.hasPrefix("4:11 error: unknown key 'fil'") }, "\(problems)")
        #expect(
            problems.contains {
                $0.hasPrefix("7:16 error:") && $0.contains("ES256, RS256, EdDSA") && $0.contains("did you mean 'ES256'")
            }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("8:18 error:") && $0.contains("none, packed") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("9:16 error:") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("10:13 error:") && $0.contains("UUID") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("11:18 error:") }, "\(problems)")
    }

    @Test func optionsOfTheOtherCeremonyDoNotFit() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Misplaced
                journey: Passkey
                handlers:
                  WebAuthnRegistrationCallback: { userHandle: abc }
                  WebAuthnAuthenticationCallback: { algorithm: ES256, deviceName: x }
                  NameCallback: { rpId: example.com }
                """))
        var problems: [String] = []
        do {
            _ = try JourneyCompiler.compile(script)
        } catch {
            problems = error.diagnostics.map(LoaderTestSupport.summary)
        }
        #expect(problems.contains { $0.hasPrefix("5:35 error:") && $0.contains("userHandle") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("6:37 error:") && $0.contains("algorithm") }, "\(problems)")
        #expect(problems.contains { $0.contains("deviceName") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("7:19 error:") && $0.contains("rpId") }, "\(problems)")
    }

    /// A handler that sends a client error or an outcome of its own runs no authenticator.
    @Test func authenticatorOptionsBesideAClientErrorAreErrors() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Refuse
                journey: Passkey
                handlers:
                  WebAuthnRegistrationCallback: { clientError: NotAllowedError, algorithm: RS256, deviceName: x }
                  WebAuthnAuthenticationCallback: { value: unsupported, origin: "https://x.example" }
                """))
        var problems: [String] = []
        do {
            _ = try JourneyCompiler.compile(script)
        } catch {
            problems = error.diagnostics.map(LoaderTestSupport.summary)
        }
        #expect(problems.contains { $0.contains("'algorithm' has no effect with clientError") }, "\(problems)")
        #expect(problems.contains { $0.contains("'deviceName' has no effect with clientError") }, "\(problems)")
        #expect(
            problems.contains { $0.hasPrefix("6:57 error:") && $0.contains("'origin' has no effect with value") },
            "\(problems)")
        #expect(problems.count == 3, "\(problems)")
    }

    @Test func deviceBelongsToPingAMScripts() {
        let problems = LoaderTestSupport.problems(
            """
            version: 1
            name: MobileFirst
            protocol: mobilefirst
            mobilefirst: { scope: accounts }
            device: { file: d.json }
            """)
        #expect(problems.contains { $0.hasPrefix("5:1 error:") && $0.contains("'device'") }, "\(problems)")
    }
}

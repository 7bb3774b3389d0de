import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// PingOne Protect and WebAuthn, native and in their MetadataCallback / script forms: answers
/// land in the paired HiddenValueCallbacks.
@Suite struct ProtectAndWebAuthnFixtureTests {
    @Test func nativeProtectInitializeEchoedOrClientError() async throws {
        let path = "callbacks/PingOneProtectInitializeCallback.json"
        let json = try Fixtures.json(path)
        let echoed = try await answer(try Fixtures.step(path), [])
        #expect(echoed.step.json == json)
        #expect(echoed.unhandled.isEmpty)
        let failed = try await answer(
            try Fixtures.step(path),
            [
                handler("PingOneProtectInitializeCallback") { $0.clientError = text("Protect SDK failed to start") }
            ])
        #expect(failed.step.json == fixture(json, setting: [(0, "IDToken1clientError", "Protect SDK failed to start")]))
        #expect(failed.note(0, "clientError") == "Protect SDK failed to start")
    }

    @Test func nativeProtectEvaluationSignals() async throws {
        let path = "callbacks/PingOneProtectEvaluationCallback.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("PingOneProtectEvaluationCallback") { $0.signals = text("signals-blob") }
            ])
        #expect(result.step.json == fixture(json, setting: [(0, "IDToken1signals", "signals-blob")]))
        let unhandled = try await answer(try Fixtures.step(path), [])
        #expect(unhandled.unhandled.count == 1)
    }

    @Test func metadataProtectInitializeClientError() async throws {
        let path = "callbacks/protect/metadata-protect-initialize.json"
        let json = try Fixtures.json(path)
        let echoed = try await answer(try Fixtures.step(path), [])
        #expect(echoed.step.json == json)
        #expect(echoed.unhandled.isEmpty)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("MetadataCallback") { $0.clientError = text("init failed") }
            ])
        #expect(result.step.json == fixture(json, setting: [(1, "IDToken2", "init failed")]))
        #expect(result.callbacks[1].answeredBy?.hasPrefix("paired with MetadataCallback #1") == true)
        #expect(result.note(0, "form") == "PingOne Protect initialize")
    }

    @Test func metadataProtectEvaluationSignalsByFormName() async throws {
        let path = "callbacks/protect/metadata-protect-risk-evaluation.json"
        let json = try Fixtures.json(path)
        let result = try await answer(
            try Fixtures.step(path),
            [
                handler("PingOneProtectEvaluationCallback") { $0.signals = text("sig-data") }
            ])
        // Both hidden inputs are named IDToken1: only the signals callback changes.
        #expect(result.step.json == fixture(json, setting: [(1, "IDToken1", "sig-data")]))
        let failed = try await answer(
            try Fixtures.step(path),
            [
                handler("PingOneProtectEvaluationCallback") { $0.clientError = text("no signals") }
            ])
        #expect(failed.step.json == fixture(json, setting: [(2, "IDToken1", "no signals")]))
        let unhandled = try await answer(try Fixtures.step(path), [])
        #expect(
            unhandled.unhandled.map(\.message) == [
                "no handler for MetadataCallback (PingOne Protect risk evaluation)\n  handlers tried: none"
            ])
    }

    static let webAuthnFixtures: [(path: String, outcomeCallback: Int, input: String)] = [
        ("callbacks/webauthn/registration-metadata-am70.json", 1, "IDToken2"),
        ("callbacks/webauthn/registration-metadata-am71.json", 1, "IDToken2"),
        ("callbacks/webauthn/registration-metadata-am71-platform.json", 1, "IDToken2"),
        ("callbacks/webauthn/registration-metadata-supportsJsonResponse.json", 1, "IDToken2"),
        ("callbacks/webauthn/authentication-metadata-am70.json", 1, "IDToken2"),
        ("callbacks/webauthn/authentication-metadata-am71.json", 1, "IDToken2"),
        ("callbacks/webauthn/authentication-metadata-am71-allow-credentials.json", 1, "IDToken2"),
        ("callbacks/webauthn/authentication-metadata-supportsJsonResponse.json", 1, "IDToken2"),
        ("callbacks/webauthn/registration-script-am653.json", 2, "IDToken3"),
        ("callbacks/webauthn/registration-script-am70.json", 2, "IDToken3"),
        ("callbacks/webauthn/authentication-script-am653.json", 2, "IDToken3"),
        ("callbacks/webauthn/authentication-script-am70.json", 2, "IDToken3"),
    ]

    @Test(arguments: webAuthnFixtures.indices)
    func webAuthnNotAllowedIsExpanded(fixtureIndex: Int) async throws {
        let (path, position, input) = Self.webAuthnFixtures[fixtureIndex]
        let json = try Fixtures.json(path)
        let typeName = path.contains("registration") ? "WebAuthnRegistrationCallback" : "WebAuthnAuthenticationCallback"
        let result = try await answer(
            try Fixtures.step(path), [handler(typeName) { $0.clientError = text("NotAllowedError") }])
        let outcome = "ERROR::NotAllowedError:The operation either timed out or was not allowed."
        #expect(result.step.json == fixture(json, setting: [(position, input, .string(outcome))]))
        #expect(result.unhandled.isEmpty)
    }

    @Test(arguments: webAuthnFixtures.indices)
    func webAuthnWithoutHandlerIsUnhandled(fixtureIndex: Int) async throws {
        let result = try await answer(try Fixtures.step(Self.webAuthnFixtures[fixtureIndex].path), [])
        #expect(result.unhandled.count == 1)
        #expect(result.unhandled.first?.message.contains("WebAuthn") == true)
    }

    static let metadataCases: [FixtureCase] = [
        FixtureCase(
            testDescription: "WebAuthn unsupported through the MetadataCallback",
            path: "callbacks/webauthn/registration-metadata-am71.json",
            handlers: [handler("MetadataCallback") { $0.clientError = text("unsupported") }],
            setting: [(1, "IDToken2", "unsupported")]),
        FixtureCase(
            testDescription: "WebAuthn answered through its HiddenValueCallback",
            path: "callbacks/webauthn/authentication-metadata-am71.json",
            handlers: [
                handler(nil, matching: { $0.hiddenId = TextPattern(exact: "webAuthnOutcome") }) {
                    $0.value = text("unsupported")
                }
            ],
            setting: [(1, "IDToken2", "unsupported")], allHandled: true),
    ]

    @Test(arguments: metadataCases)
    func webAuthnAnsweredThroughTheMetadataForm(_ example: FixtureCase) async throws {
        try await example.check()
    }

    @Test func webAuthnOutcomeStrings() {
        #expect(WebAuthnOutcome.clientError("unsupported") == "unsupported")
        #expect(WebAuthnOutcome.clientError("ERROR::TimeoutError:late") == "ERROR::TimeoutError:late")
        #expect(
            WebAuthnOutcome.clientError("InvalidStateError")
                == "ERROR::InvalidStateError:The authenticator was previously registered.")
        #expect(
            WebAuthnOutcome.clientError("NotAllowedError: user cancelled") == "ERROR::NotAllowedError: user cancelled")
        #expect(WebAuthnOutcome.clientError("something else") == "something else")
    }

    @Test func specialFormsAreRecognised() throws {
        func forms(_ path: String) throws -> [SpecialForm?] { try Fixtures.step(path).callbacks.map(SpecialForm.init) }
        #expect(try forms("callbacks/webauthn/registration-metadata-am70.json").first == .webAuthnRegistration)
        #expect(try forms("callbacks/webauthn/authentication-metadata-am70.json").first == .webAuthnAuthentication)
        #expect(try forms("callbacks/webauthn/registration-script-am70.json") == [.webAuthnRegistration, nil, nil])
        #expect(
            try forms("callbacks/webauthn/authentication-script-am653.json") == [.webAuthnAuthentication, nil, nil])
        #expect(try forms("callbacks/protect/metadata-protect-initialize.json") == [.protectInitialize, nil])
        #expect(try forms("callbacks/MetadataCallback.json") == [nil])
        #expect(try forms("callbacks/mfa/recovery-codes-display.json") == [nil])
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The ping-ios and ping-android profiles' rules that the SDKs' own test fixtures do not show
/// (docs/protocols/sdk-differences.md): extra inputs dropped, empty payloads left out, the
/// device profile and client-error encodings, and a test for every callback type of the registry.
@Suite struct PingProfileRuleTests {
    static let pingSDKs: [SDKProfile] = [.pingIOS, .pingAndroid]

    /// The step `json` answered by `handlers` as `sdk` (none: journey's own).
    static func answered(
        _ json: JSONValue, sdk: SDKProfile?, _ handlers: [HandlerSpec], environment: TestEnvironment = TestEnvironment()
    ) async throws -> StepAnswer {
        let step = try #require(AMStep(json: json))
        return try await StepAnswerer.answer(
            step, stepNumber: 1, handlers: handlers, environment: environment, sdk: sdk)
    }

    /// The callback fixture at `path` with `input` appended to callback `position`'s inputs.
    static func withExtraInput(_ path: String, _ input: JSONValue, position: Int = 0) throws -> JSONValue {
        guard case .object(var body) = try Fixtures.json(path), case .array(var callbacks)? = body["callbacks"],
            case .object(var callback) = callbacks[position], case .array(var inputs)? = callback["input"]
        else { throw RunError(.script, "\(path) is not a step with inputs") }
        inputs.append(input)
        callback["input"] = .array(inputs)
        callbacks[position] = .object(callback)
        body["callbacks"] = .array(callbacks)
        return .object(body)
    }

    static func names(_ answer: StepAnswer, _ position: Int = 0) -> [String] {
        (answer.step.callbacks[position].input ?? []).map(\.name)
    }

    @Test("the Ping SDKs rebuild the inputs from their values: a received input beyond them is dropped")
    func extraInputsAreDropped() async throws {
        let json = try Self.withExtraInput("callbacks/NameCallback.json", ["name": "IDToken1extra", "value": "x"])
        let name = handler("NameCallback") { $0.value = text("alice") }
        for sdk in Self.pingSDKs {
            let answer = try await Self.answered(json, sdk: sdk, [name])
            #expect(answer.step.callbacks[0].input == [NameValue(name: "IDToken1", value: "alice")], "\(sdk)")
        }
        let withoutProfile = try await Self.answered(json, sdk: nil, [name])
        #expect(Self.names(withoutProfile) == ["IDToken1", "IDToken1extra"])

        let attribute = try Self.withExtraInput(
            "callbacks/BooleanAttributeInputCallback.json", ["name": "IDToken2extra", "value": ""])
        let happy = handler("BooleanAttributeInputCallback") { $0.value = literal(true) }
        for sdk in Self.pingSDKs {
            let answer = try await Self.answered(attribute, sdk: sdk, [happy])
            #expect(Self.names(answer) == ["IDToken2", "IDToken2validateOnly"], "\(sdk): value and validateOnly only")
        }
        let attributeWithoutProfile = try await Self.answered(attribute, sdk: nil, [happy])
        #expect(Self.names(attributeWithoutProfile).count == 3)
    }

    @Test("the Ping SDKs leave a callback whose payload is empty out of the request", arguments: pingSDKs)
    func emptyPayloadsAreLeftOut(_ sdk: SDKProfile) async throws {
        let script: JSONValue = [
            "type": "TextOutputCallback",
            "output": [["name": "message", "value": "console.log(1)"], ["name": "messageType", "value": "4"]],
        ]
        let name: JSONValue = [
            "type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]],
            "input": [["name": "IDToken1", "value": ""]],
        ]
        let json: JSONValue = ["authId": "a", "callbacks": [script, name]]
        let handlers = [handler("NameCallback") { $0.value = text("alice") }]
        let answer = try await Self.answered(json, sdk: sdk, handlers)
        #expect(answer.step.callbacks.map(\.type) == ["NameCallback"])
        #expect(answer.callbacks.count == 2, "the trace still shows the TextOutputCallback")
        let withoutProfile = try await Self.answered(json, sdk: nil, handlers)
        #expect(withoutProfile.step.callbacks.map(\.type) == ["TextOutputCallback", "NameCallback"])
    }

    @Test(
        "a DeviceProfileCallback without options posts the document the SDK's own collectors build",
        arguments: [(SDKProfile.pingIOS, "iOS"), (.pingAndroid, "Android")])
    func deviceProfile(_ sdk: SDKProfile, platform: String) async throws {
        let answer = try await Self.answered(
            try Fixtures.json("callbacks/DeviceProfileCallback.json"), sdk: sdk, [handler("DeviceProfileCallback")])
        let text = try #require(answer.step.callbacks[0].input?.first?.value.stringValue, "JSON text")
        let document = try JSONValue.parse(text)
        #expect(document["metadata"]?["platform"]?["platform"]?.stringValue == platform)
        #expect(document["location"] != nil)
        let withoutProfile = try await Self.answered(
            try Fixtures.json("callbacks/DeviceProfileCallback.json"), sdk: nil, [handler("DeviceProfileCallback")])
        let own = try JSONValue.parse(withoutProfile.step.callbacks[0].input?.first?.value.stringValue ?? "")
        #expect(own["metadata"]?["platform"]?["platform"]?.stringValue == "journey")
    }

    /// A reCAPTCHA client that fails: ping-ios's `verify()` sets the client error alone (the
    /// payload set first stays); ping-android's posts all four: `""`, the action, the error, `""`.
    @Test("a failing reCAPTCHA client posts each Ping SDK's encoding of the client error")
    func reCaptchaClientError() async throws {
        let handlers = [
            handler("ReCaptchaEnterpriseCallback") { spec in
                spec.token = command("fail")
                spec.payload = located(["firewallPolicyEvaluation": true])
            }
        ]
        let json = try Fixtures.json("callbacks/ReCaptchaEnterpriseCallback.json")
        let message = "command 'fail' failed with exit status 1"
        let iOS = try await Self.answered(json, sdk: .pingIOS, handlers).step.callbacks[0].input ?? []
        #expect(iOS.map(\.value) == ["", "", .string(message), #"{"firewallPolicyEvaluation":true}"#])
        let android = try await Self.answered(json, sdk: .pingAndroid, handlers).step.callbacks[0].input ?? []
        #expect(android.map(\.value) == ["", "login", .string(message), ""])
    }

    @Test("a device binding client error: the error and the other inputs as the SDK leaves them", arguments: pingSDKs)
    func deviceBindingClientError(_ sdk: SDKProfile) async throws {
        let answer = try await Self.answered(
            try Fixtures.json("callbacks/DeviceBindingCallback.json"), sdk: sdk,
            [handler("DeviceBindingCallback") { $0.clientError = text("Abort") }])
        let inputs = answer.step.callbacks[0].input ?? []
        #expect(inputs.map(\.name) == ["IDToken1jws", "IDToken1deviceName", "IDToken1deviceId", "IDToken1clientError"])
        #expect(inputs.map(\.value) == ["", "", "", "Abort"])
    }

    @Test("a device signing client error", arguments: pingSDKs)
    func deviceSigningClientError(_ sdk: SDKProfile) async throws {
        let answer = try await Self.answered(
            try Fixtures.json("callbacks/DeviceSigningVerifierCallback.json"), sdk: sdk,
            [handler("DeviceSigningVerifierCallback") { $0.clientError = text("Timeout") }])
        #expect(
            answer.step.callbacks[0].input == [
                NameValue(name: "IDToken1jws", value: ""), NameValue(name: "IDToken1clientError", value: "Timeout"),
            ])
    }

    @Test("PingOne Protect: the evaluation's signals and the initialization's client error", arguments: pingSDKs)
    func protect(_ sdk: SDKProfile) async throws {
        let evaluation = try await Self.answered(
            try Fixtures.json("callbacks/PingOneProtectEvaluationCallback.json"), sdk: sdk,
            [handler("PingOneProtectEvaluationCallback") { $0.signals = text("signals-blob") }])
        #expect(evaluation.step.callbacks[0].input?.map(\.value) == ["signals-blob", ""])
        let initialize = try await Self.answered(
            try Fixtures.json("callbacks/PingOneProtectInitializeCallback.json"), sdk: sdk,
            [handler("PingOneProtectInitializeCallback") { $0.clientError = text("init failed") }])
        // This body's callback has two inputs (signals, clientError). The Ping SDKs' `error(value)`
        // is `input(value)`: the first input by position, the other dropped (ping-ios
        // Protect/Protect/Journey/AbstractProtectCallback.swift, ping-android
        // protect/src/main/kotlin/com/pingidentity/protect/journey/AbstractProtectCallback.kt).
        #expect(initialize.step.callbacks[0].input == [NameValue(name: "IDToken1signals", value: "init failed")])
        let own = try await Self.answered(
            try Fixtures.json("callbacks/PingOneProtectInitializeCallback.json"), sdk: nil,
            [handler("PingOneProtectInitializeCallback") { $0.clientError = text("init failed") }])
        #expect(own.step.callbacks[0].input?.last == NameValue(name: "IDToken1clientError", value: "init failed"))
        #expect(initialize.callbacks[0].notes.contains { $0.key == "clientError" && $0.value == "init failed" })
    }

    @Test(
        "WebAuthn: the profile leaves journey's passkey answer as it is (the SDKs' Fido modules)", arguments: pingSDKs)
    func webAuthn(_ sdk: SDKProfile) async throws {
        for (path, type) in [
            ("callbacks/webauthn/registration-metadata-am71.json", "WebAuthnRegistrationCallback"),
            ("callbacks/webauthn/authentication-metadata-am71.json", "WebAuthnAuthenticationCallback"),
        ] {
            let handlers = [handler(type) { $0.clientError = text("NotAllowedError") }]
            let json = try Fixtures.json(path)
            let answer = try await Self.answered(json, sdk: sdk, handlers)
            let own = try await Self.answered(json, sdk: nil, handlers)
            #expect(answer.unhandled.isEmpty)
            #expect(answer.step.json == own.step.json, "\(sdk) \(type)")
        }
    }

    /// The Ping SDKs' validated callbacks start `validateOnly` from its output and post it beside
    /// the value the app sets (ping-ios Journey/Journey/Callbacks/AbstractValidatedCallback.swift,
    /// ping-android journey/src/main/kotlin/com/pingidentity/journey/callback/AbstractValidatedCallback.kt:
    /// `validateOnly` from `initValue`/`init`); a handler that sets only the value posts that, not false.
    @Test("a value alone posts validateOnly as the Ping SDK's class starts it: from the output", arguments: pingSDKs)
    func validateOnlyFromTheOutput(_ sdk: SDKProfile) async throws {
        guard case .object(var body) = try Fixtures.json("callbacks/ValidatedCreateUsernameCallback.json"),
            case .array(var callbacks)? = body["callbacks"], case .object(var callback) = callbacks[0],
            case .array(var outputs)? = callback["output"]
        else { throw RunError(.script, "callbacks/ValidatedCreateUsernameCallback.json is not a step") }
        outputs.append(["name": "validateOnly", "value": true])
        callback["output"] = .array(outputs)
        callback["input"] = [["name": "IDToken1", "value": ""], ["name": "IDToken1validateOnly", "value": false]]
        callbacks[0] = .object(callback)
        body["callbacks"] = .array(callbacks)
        let handlers = [handler("ValidatedCreateUsernameCallback") { $0.value = text("bob") }]
        let answer = try await Self.answered(.object(body), sdk: sdk, handlers)
        #expect(answer.step.callbacks[0].input?.map(\.value) == ["bob", true])
        let own = try await Self.answered(.object(body), sdk: nil, handlers)
        #expect(own.step.callbacks[0].input?.map(\.value) == ["bob", false], "without a profile: false, as documented")
    }

    /// ping-android's IdpCallback writes the token and its type by position (`input(result.token,
    /// tokenType)`, external-idp/.../IdpCallback.kt): a callback with one input cannot take them, and
    /// the run says so, naming the SDK's rule, instead of writing the token type by name.
    @Test("ping-android: an IdPCallback with fewer inputs than it writes by position is a script error")
    func idPByPositionNeedsTheInputs() async throws {
        guard case .object(var body) = try Fixtures.json("callbacks/IdPCallback.json"),
            case .array(var callbacks)? = body["callbacks"], case .object(var callback) = callbacks[0]
        else { throw RunError(.script, "callbacks/IdPCallback.json is not a step") }
        callback["input"] = [["name": "IDToken1token", "value": ""]]
        callbacks[0] = .object(callback)
        body["callbacks"] = .array(callbacks)
        let handlers = [handler("IdPCallback") { $0.token = text("id-token-1") }]
        let error = await #expect(throws: RunError.self) {
            _ = try await Self.answered(.object(body), sdk: .pingAndroid, handlers)
        }
        #expect(error?.message.contains("ping-android") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("has no input 2") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("IDToken1token") == true, "\(error?.message ?? "")")
    }

    /// Without a WebAuthn handler the app has no Fido module: the Ping SDKs' MetadataCallback finds no
    /// Fido2 callback registered and stays itself, posted as received (ping-ios
    /// Journey/Journey/Callbacks/MetadataCallback.swift `initialize(with:)`, ping-android
    /// journey/src/main/kotlin/com/pingidentity/journey/callback/MetadataCallback.kt `init`); the
    /// HiddenValueCallback beside it is a plain one, posting its `value` output.
    @Test(
        "WebAuthn metadata without a passkey handler is echoed as received (no Fido module)", arguments: pingSDKs)
    func webAuthnWithoutHandler(_ sdk: SDKProfile) async throws {
        for path in [
            "callbacks/webauthn/registration-metadata-am71.json",
            "callbacks/webauthn/authentication-metadata-am71.json",
        ] {
            let json = try Fixtures.json(path)
            let answer = try await Self.answered(json, sdk: sdk, [handler("NameCallback")])
            #expect(answer.unhandled.isEmpty, "\(sdk) \(path)")
            let callbacks = answer.step.json["callbacks"]?.arrayValue ?? []
            let received = json["callbacks"]?.arrayValue ?? []
            #expect(callbacks.count == received.count)
            #expect(callbacks.first == received.first, "the MetadataCallback as received")
            #expect(
                callbacks.last?["input"]?.arrayValue?.first?["value"] == "false", "the hidden value's `value` output")
            #expect(answer.callbacks.first?.answeredBy?.contains("no Fido module") == true)
        }
    }

    /// The ForgeRock SDKs have their WebAuthn classes built in (and journey, without a profile, a
    /// passkey step): the step still needs a handler.
    @Test(
        "WebAuthn metadata without a passkey handler stays unanswered without a Ping profile",
        arguments: [nil, SDKProfile.forgeRockIOS, .forgeRockAndroid, .forgeRockJS])
    func webAuthnWithoutHandlerElsewhere(_ sdk: SDKProfile?) async throws {
        let json = try Fixtures.json("callbacks/webauthn/authentication-metadata-am71.json")
        let answer = try await Self.answered(json, sdk: sdk, [])
        #expect(answer.unhandled.count == 1, "\(sdk?.rawValue ?? "no profile")")
        #expect(answer.unhandled.first?.message.contains("WebAuthn authentication") == true)
    }

    @Test("output-only callbacks are posted as received", arguments: pingSDKs)
    func outputOnly(_ sdk: SDKProfile) async throws {
        for path in ["callbacks/SuspendedTextOutputCallback.json", "callbacks/PollingWaitCallback.json"] {
            let json = try Fixtures.json(path)
            let answer = try await Self.answered(json, sdk: sdk, [])
            #expect(answer.unhandled.isEmpty)
            #expect(answer.step.json["callbacks"] == json["callbacks"], "\(path)")
        }
        var metadata = try Fixtures.json("callbacks/MetadataCallback.json")
        if case .object(var body) = metadata {
            body["callbacks"] = [
                ["type": "MetadataCallback", "output": [["name": "data", "value": ["stage": "One"]]]]
            ]
            metadata = .object(body)
        }
        let answer = try await Self.answered(metadata, sdk: sdk, [])
        #expect(answer.step.json["callbacks"] == metadata["callbacks"])
    }

    /// The registry's types neither Ping SDK has a class for: the step fails, naming the SDK and the type.
    @Test(
        "a callback type the Ping SDK has no class for fails the step, naming the SDK and the type",
        arguments: [
            ("callbacks/RedirectCallback.json", CallbackType.redirect),
            ("callbacks/ReCaptchaCallback.json", .reCaptcha),
            ("callbacks/AppIntegrityCallback--android.json", .appIntegrity),
        ])
    func noClass(_ path: String, _ type: CallbackType) throws {
        let step = try Fixtures.step(path)
        for sdk in Self.pingSDKs {
            let failures = SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: 1)
            #expect(failures.count == 1)
            #expect(failures.first?.message.contains(sdk.rawValue) == true)
            #expect(failures.first?.message.contains(type.wireName) == true)
        }
        #expect(SDKProfileSupport.failures(in: step, sdk: nil, stepNumber: 1).isEmpty)
    }

    @Test("journey's own ProofOfWorkCallback is a custom callback to every SDK: never refused", arguments: pingSDKs)
    func proofOfWork(_ sdk: SDKProfile) throws {
        let json: JSONValue = [
            "authId": "a",
            "callbacks": [
                [
                    "type": "ProofOfWorkCallback", "output": [["name": "challenge", "value": "abc"]],
                    "input": [["name": "IDToken1", "value": ""]],
                ]
            ],
        ]
        let step = try #require(AMStep(json: json))
        #expect(SDKProfileSupport.failures(in: step, sdk: sdk, stepNumber: 1).isEmpty)
    }

    /// The types this suite tests per Ping SDK, beside those its fixtures (Tests/Fixtures/sdk/<sdk>) cover.
    static let testedHere: Set<CallbackType> = [
        .deviceProfile, .deviceBinding, .deviceSigningVerifier, .pingOneProtectInitialize, .pingOneProtectEvaluation,
        .webAuthnRegistration, .webAuthnAuthentication, .suspendedTextOutput, .pollingWait, .metadata, .redirect,
        .reCaptcha, .appIntegrity, .proofOfWork, .name, .stringAttributeInput, .textOutput, .reCaptchaEnterprise,
    ]

    @Test(
        "every callback type of the registry has a test for ping-ios and ping-android", arguments: CallbackType.allCases
    )
    func everyTypeIsTested(_ type: CallbackType) {
        for sdk in Self.pingSDKs {
            let fixtures = SDKFixture.all(sdk: sdk.rawValue).map(\.type)
            #expect(
                fixtures.contains(type.wireName) || Self.testedHere.contains(type), "\(sdk.rawValue): \(type.wireName)")
        }
    }
}

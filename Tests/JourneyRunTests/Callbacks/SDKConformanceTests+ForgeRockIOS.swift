import JourneyCore
import Testing

@testable import JourneyRun

/// The forgerock-ios profile against ForgeRock's iOS SDK (FRAuth): every fixture of its own unit
/// tests (`Tests/Fixtures/sdk/forgerock-ios`) and, for the registry's types those tests leave out,
/// a sample of what its callback source posts; answered with `--sdk forgerock-ios`, compared
/// exactly, JSON types included.
/// The tests common to the three ForgeRock SDKs are `SDKConformanceForgeRockTests`.
@Suite struct SDKConformanceForgeRockIOSTests {
    static let sdk = SDKProfile.forgeRockIOS
    static let auth = "FRAuth/FRAuth/Callbacks"

    static let samples: [SDKFixture] = [
        SDKProfileConformance.sample(
            sdk, "ChoiceCallback-default-as-text", rule: "\(auth)/ChoiceCallback.swift",
            received: SDKSampleCallbacks.choice, posted: #"[{"name":"IDToken1","value":"0"}]"#),
        SDKProfileConformance.sample(
            sdk, "ChoiceCallback-choose", rule: "\(auth)/ChoiceCallback.swift", received: SDKSampleCallbacks.choice,
            action: #"{"choose":1}"#, posted: #"[{"name":"IDToken1","value":1}]"#),
        SDKProfileConformance.sample(
            sdk, "StringAttributeInputCallback-validate-only-posts-value-output",
            rule: "\(auth)/AbstractValidatedCallback.swift", received: SDKSampleCallbacks.stringAttribute,
            action: #"{"validateOnly":true}"#,
            posted: #"[{"name":"IDToken2","value":"clark@example.com"},{"name":"IDToken2validateOnly","value":true}]"#),
        SDKProfileConformance.sample(
            sdk, "ValidatedCreatePasswordCallback-set", rule: "\(auth)/ValidatedCreatePasswordCallback.swift",
            received: SDKSampleCallbacks.validatedPassword, action: #"{"value":"Secr3t!"}"#,
            posted: #"[{"name":"IDToken2","value":"Secr3t!"},{"name":"IDToken2validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "KbaCreateCallback-set", rule: "\(auth)/KbaCreateCallback.swift",
            received: SDKSampleCallbacks.kbaCreate,
            action: #"{"question":"What's your favorite color?","answer":"blue"}"#,
            posted:
                #"[{"name":"IDToken1question","value":"What's your favorite color?"},{"name":"IDToken1answer","value":"blue"}]"#
        ),
        SDKProfileConformance.sample(
            sdk, "TermsAndConditionsCallback-accept", rule: "\(auth)/TermsAndConditionsCallback.swift",
            received: SDKSampleCallbacks.termsAndConditions, action: #"{"accept":true}"#,
            posted: #"[{"name":"IDToken1","value":true}]"#),
        SDKProfileConformance.sample(
            sdk, "HiddenValueCallback-as-received", rule: "\(auth)/HiddenValueCallback.swift",
            received: SDKSampleCallbacks.hiddenValue, posted: #"[{"name":"IDToken1","value":"jwt"}]"#),
        SDKProfileConformance.sample(
            sdk, "SuspendedTextOutputCallback-as-received", rule: "\(auth)/SuspendedTextOutputCallback.swift",
            received: SDKSampleCallbacks.suspendedTextOutput, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "ReCaptchaEnterpriseCallback-token-only-inputs-set",
            rule: "FRCaptchaEnterprise/FRCaptchaEnterprise/Sources/Callbacks/ReCaptchaEnterpriseCallback.swift",
            received: SDKSampleCallbacks.reCaptchaEnterprise, action: #"{"token":"t0k3n","action":"login"}"#,
            posted: #"[{"name":"IDToken1token","value":"t0k3n"},{"name":"IDToken1action","value":"login"}]"#),
        SDKProfileConformance.sample(
            sdk, "ReCaptchaEnterpriseCallback-payload-as-text",
            rule: "FRCaptchaEnterprise/FRCaptchaEnterprise/Sources/Callbacks/ReCaptchaEnterpriseCallback.swift",
            received: SDKSampleCallbacks.reCaptchaEnterprise,
            action: #"{"token":"t0k3n","action":"login","payload":{"firewallPolicyEvaluation":false}}"#,
            posted: #"""
                [{"name":"IDToken1token","value":"t0k3n"},{"name":"IDToken1action","value":"login"},
                {"name":"IDToken1payload","value":"{\"firewallPolicyEvaluation\":false}"}]
                """#),
        SDKProfileConformance.sample(
            sdk, "ReCaptchaEnterpriseCallback-client-error",
            rule: "FRCaptchaEnterprise/FRCaptchaEnterprise/Sources/Callbacks/ReCaptchaEnterpriseCallback.swift",
            received: SDKSampleCallbacks.reCaptchaEnterprise,
            action: #"{"clientError":"The operation couldn’t be completed."}"#,
            posted: #"[{"name":"IDToken1clientError","value":"The operation couldn’t be completed."}]"#),
        SDKProfileConformance.sample(
            sdk, "PingOneProtectInitializeCallback-client-error",
            rule: "PingProtect/PingProtect/Sources/Callbacks/PingOneProtectInitializeCallback.swift",
            received: SDKSampleCallbacks.protectInitialize, action: #"{"clientError":"Failed to initialize"}"#,
            posted: #"[{"name":"IDToken1clientError","value":"Failed to initialize"}]"#),
        SDKProfileConformance.sample(
            sdk, "PingOneProtectEvaluationCallback-signals",
            rule: "PingProtect/PingProtect/Sources/Callbacks/PingOneProtectEvaluationCallback.swift",
            received: SDKSampleCallbacks.protectEvaluation, action: #"{"signals":"data"}"#,
            posted: #"[{"name":"IDToken1signals","value":"data"}]"#),
        SDKProfileConformance.sample(
            sdk, "DeviceBindingCallback-client-error",
            rule: "FRDeviceBinding/FRDeviceBinding/Sources/Callbacks/DeviceBindingCallback.swift",
            received: SDKSampleCallbacks.deviceBinding, action: #"{"clientError":"Abort"}"#,
            posted: #"[{"name":"IDToken1clientError","value":"Abort"}]"#),
        SDKProfileConformance.sample(
            sdk, "DeviceSigningVerifierCallback-client-error",
            rule: "FRDeviceBinding/FRDeviceBinding/Sources/Callbacks/DeviceSigningVerifierCallback.swift",
            received: SDKSampleCallbacks.deviceSigningVerifier, action: #"{"clientError":"Timeout"}"#,
            posted: #"[{"name":"IDToken1clientError","value":"Timeout"}]"#),
        SDKProfileConformance.sample(
            sdk, "AppIntegrityCallback-client-error", rule: "\(auth)/FRAppIntegrityCallback.swift",
            received: SDKSampleCallbacks.appIntegrityIOS, action: #"{"clientError":"Unsupported"}"#,
            posted: #"[{"name":"IDToken1clientError","value":"Unsupported"}]"#),
    ].compactMap { $0 }

    @Test("a DeviceProfileCallback posts FRDeviceCollector's document as JSON text (version 1.0, iOS platform)")
    func deviceProfile() async throws {
        let document = try await SDKProfileConformance.postedDeviceProfile(Self.sdk)
        #expect(document["version"] == "1.0")
        #expect(document["metadata"]?["platform"]?["platform"] == "iOS")
        #expect(document["location"] != nil)
    }

    /// FRCaptchaEnterprise `execute()`: `setClientError(error.localizedDescription)`, no action; only the inputs set.
    static func reCaptchaClientFailure(_ error: String) -> String {
        #"[{"name":"IDToken1clientError","value":"\#(error)"},{"name":"IDToken1payload","value":"{\"firewallPolicyEvaluation\":false}"}]"#
    }
}

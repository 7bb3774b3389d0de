import JourneyCore
import Testing

@testable import JourneyRun

/// The forgerock-android profile against ForgeRock's Android SDK (forgerock-auth): every fixture of
/// its own unit tests (`Tests/Fixtures/sdk/forgerock-android`) and, for the registry's types those
/// tests leave out, a sample of what its callback source posts (an input the app does not set is
/// kept as received, callback/AbstractCallback.java); answered with `--sdk forgerock-android`,
/// compared exactly, JSON types included.
/// The tests common to the three ForgeRock SDKs are `SDKConformanceForgeRockTests`.
@Suite struct SDKConformanceForgeRockAndroidTests {
    static let sdk = SDKProfile.forgeRockAndroid
    static let callbacks = "forgerock-auth/src/main/java/org/forgerock/android/auth/callback"

    static let samples: [SDKFixture] = [
        SDKProfileConformance.sample(
            sdk, "BooleanAttributeInputCallback-set", rule: "\(callbacks)/BooleanAttributeInputCallback.java",
            received: SDKSampleCallbacks.booleanAttribute, action: #"{"value":true}"#,
            posted: #"[{"name":"IDToken3","value":true},{"name":"IDToken3validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "NumberAttributeInputCallback-set-double", rule: "\(callbacks)/NumberAttributeInputCallback.java",
            received: SDKSampleCallbacks.numberAttribute, action: #"{"value":30}"#,
            posted: #"[{"name":"IDToken4","value":30.0},{"name":"IDToken4validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "StringAttributeInputCallback-validate-only-keeps-received",
            rule: "\(callbacks)/AbstractValidatedCallback.java", received: SDKSampleCallbacks.stringAttribute,
            action: #"{"validateOnly":true}"#,
            posted: #"[{"name":"IDToken2","value":""},{"name":"IDToken2validateOnly","value":true}]"#),
        SDKProfileConformance.sample(
            sdk, "ValidatedCreateUsernameCallback-set", rule: "\(callbacks)/ValidatedUsernameCallback.java",
            received: SDKSampleCallbacks.validatedUsername, action: #"{"value":"clark"}"#,
            posted: #"[{"name":"IDToken1","value":"clark"},{"name":"IDToken1validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "ValidatedCreatePasswordCallback-set", rule: "\(callbacks)/ValidatedPasswordCallback.java",
            received: SDKSampleCallbacks.validatedPassword, action: #"{"value":"Secr3t!"}"#,
            posted: #"[{"name":"IDToken2","value":"Secr3t!"},{"name":"IDToken2validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "KbaCreateCallback-set", rule: "\(callbacks)/KbaCreateCallback.java",
            received: SDKSampleCallbacks.kbaCreate,
            action: #"{"question":"What's your favorite color?","answer":"blue"}"#,
            posted:
                #"[{"name":"IDToken1question","value":"What's your favorite color?"},{"name":"IDToken1answer","value":"blue"}]"#
        ),
        SDKProfileConformance.sample(
            sdk, "TermsAndConditionsCallback-accept", rule: "\(callbacks)/TermsAndConditionsCallback.java",
            received: SDKSampleCallbacks.termsAndConditions, action: #"{"accept":true}"#,
            posted: #"[{"name":"IDToken1","value":true}]"#),
        SDKProfileConformance.sample(
            sdk, "HiddenValueCallback-as-received", rule: "\(callbacks)/HiddenValueCallback.java",
            received: SDKSampleCallbacks.hiddenValue, posted: #"[{"name":"IDToken1","value":"jwt"}]"#),
        SDKProfileConformance.sample(
            sdk, "TextOutputCallback-information", rule: "\(callbacks)/TextOutputCallback.java",
            received: SDKSampleCallbacks.textOutputInformation, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "MetadataCallback-as-received", rule: "\(callbacks)/MetadataCallback.java",
            received: SDKSampleCallbacks.metadata, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "SuspendedTextOutputCallback-as-received", rule: "\(callbacks)/SuspendedTextOutputCallback.java",
            received: SDKSampleCallbacks.suspendedTextOutput, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "PollingWaitCallback-as-received", rule: "\(callbacks)/PollingWaitCallback.java",
            received: SDKSampleCallbacks.pollingWait, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "PingOneProtectInitializeCallback-client-error", rule: "\(callbacks)/AbstractProtectCallback.kt",
            received: SDKSampleCallbacks.protectInitialize, action: #"{"clientError":"Failed to initialize"}"#,
            posted:
                #"[{"name":"IDToken1signals","value":""},{"name":"IDToken1clientError","value":"Failed to initialize"}]"#
        ),
        SDKProfileConformance.sample(
            sdk, "PingOneProtectEvaluationCallback-signals", rule: "\(callbacks)/AbstractProtectCallback.kt",
            received: SDKSampleCallbacks.protectEvaluation, action: #"{"signals":"data"}"#,
            posted: #"[{"name":"IDToken1signals","value":"data"},{"name":"IDToken1clientError","value":""}]"#),
        SDKProfileConformance.sample(
            sdk, "DeviceBindingCallback-client-error", rule: "\(callbacks)/DeviceBindingCallback.kt",
            received: SDKSampleCallbacks.deviceBinding, action: #"{"clientError":"Abort"}"#,
            posted: #"""
                [{"name":"IDToken1jws","value":""},{"name":"IDToken1deviceName","value":""},
                {"name":"IDToken1deviceId","value":""},{"name":"IDToken1clientError","value":"Abort"}]
                """#),
        SDKProfileConformance.sample(
            sdk, "DeviceSigningVerifierCallback-client-error", rule: "\(callbacks)/DeviceSigningVerifierCallback.kt",
            received: SDKSampleCallbacks.deviceSigningVerifier, action: #"{"clientError":"Timeout"}"#,
            posted: #"[{"name":"IDToken1jws","value":""},{"name":"IDToken1clientError","value":"Timeout"}]"#),
        SDKProfileConformance.sample(
            sdk, "AppIntegrityCallback-client-error", rule: "\(callbacks)/AppIntegrityCallback.kt",
            received: SDKSampleCallbacks.appIntegrityAndroid, action: #"{"clientError":"ClientDeviceErrors"}"#,
            posted:
                #"[{"name":"IDToken1token","value":""},{"name":"IDToken1clientError","value":"ClientDeviceErrors"}]"#),
    ].compactMap { $0 }

    @Test("a DeviceProfileCallback posts FRDeviceCollector's document as JSON text (version 1.0, Android platform)")
    func deviceProfile() async throws {
        let document = try await SDKProfileConformance.postedDeviceProfile(Self.sdk)
        #expect(document["version"] == "1.0")
        #expect(document["metadata"]?["platform"]?["platform"] == "Android")
        #expect(document["location"] != nil)
    }

    /// callback/ReCaptchaEnterpriseCallback.kt `execute()`: `setClientError(e.message)` at position 2, no action; the rest as received or set.
    static func reCaptchaClientFailure(_ error: String) -> String {
        #"[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},{"name":"IDToken1clientError","value":"\#(error)"},{"name":"IDToken1payload","value":"{\"firewallPolicyEvaluation\":false}"}]"#
    }
}

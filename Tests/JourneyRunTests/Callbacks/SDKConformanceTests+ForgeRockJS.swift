import JourneyCore
import Testing

@testable import JourneyRun

/// The forgerock-js profile against ForgeRock's JavaScript SDK: every fixture of its own unit tests
/// (`Tests/Fixtures/sdk/forgerock-js`) and, for the registry's types those tests leave out, a
/// sample of what its callback source posts (the step as received with the inputs the app set,
/// fr-auth/callbacks/index.ts); answered with `--sdk forgerock-js`, compared exactly, JSON types included.
/// The tests common to the three ForgeRock SDKs are `SDKConformanceForgeRockTests`.
@Suite struct SDKConformanceForgeRockJSTests {
    static let sdk = SDKProfile.forgeRockJS
    static let callbacks = "packages/javascript-sdk/src/fr-auth/callbacks"

    static let samples: [SDKFixture] = [
        SDKProfileConformance.sample(
            sdk, "PasswordCallback-set", rule: "\(callbacks)/password-callback.ts",
            received: SDKSampleCallbacks.password, action: #"{"value":"Secr3t!"}"#,
            posted: #"[{"name":"IDToken2","value":"Secr3t!"}]"#),
        SDKProfileConformance.sample(
            sdk, "ChoiceCallback-choose", rule: "\(callbacks)/choice-callback.ts", received: SDKSampleCallbacks.choice,
            action: #"{"choose":1}"#, posted: #"[{"name":"IDToken1","value":1}]"#),
        SDKProfileConformance.sample(
            sdk, "ChoiceCallback-as-received", rule: "\(callbacks)/choice-callback.ts",
            received: SDKSampleCallbacks.choice, posted: #"[{"name":"IDToken1","value":0}]"#),
        SDKProfileConformance.sample(
            sdk, "ConfirmationCallback-choose", rule: "\(callbacks)/confirmation-callback.ts",
            received: SDKSampleCallbacks.confirmation, action: #"{"choose":0}"#,
            posted: #"[{"name":"IDToken2","value":0}]"#),
        SDKProfileConformance.sample(
            sdk, "BooleanAttributeInputCallback-set", rule: "\(callbacks)/attribute-input-callback.ts",
            received: SDKSampleCallbacks.booleanAttribute, action: #"{"value":true}"#,
            posted: #"[{"name":"IDToken3","value":true},{"name":"IDToken3validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "NumberAttributeInputCallback-set", rule: "\(callbacks)/attribute-input-callback.ts",
            received: SDKSampleCallbacks.numberAttribute, action: #"{"value":30}"#,
            posted: #"[{"name":"IDToken4","value":30},{"name":"IDToken4validateOnly","value":false}]"#),
        SDKProfileConformance.sample(
            sdk, "KbaCreateCallback-set", rule: "\(callbacks)/kba-create-callback.ts",
            received: SDKSampleCallbacks.kbaCreate,
            action: #"{"question":"What's your favorite color?","answer":"blue"}"#,
            posted:
                #"[{"name":"IDToken1question","value":"What's your favorite color?"},{"name":"IDToken1answer","value":"blue"}]"#
        ),
        SDKProfileConformance.sample(
            sdk, "TermsAndConditionsCallback-accept", rule: "\(callbacks)/terms-and-conditions-callback.ts",
            received: SDKSampleCallbacks.termsAndConditions, action: #"{"accept":true}"#,
            posted: #"[{"name":"IDToken1","value":true}]"#),
        SDKProfileConformance.sample(
            sdk, "HiddenValueCallback-as-received", rule: "\(callbacks)/hidden-value-callback.ts",
            received: SDKSampleCallbacks.hiddenValue, posted: #"[{"name":"IDToken1","value":"jwt"}]"#),
        SDKProfileConformance.sample(
            sdk, "TextOutputCallback-script-posted", rule: "\(callbacks)/text-output-callback.ts",
            received: SDKSampleCallbacks.textOutputScript, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "MetadataCallback-as-received", rule: "\(callbacks)/metadata-callback.ts",
            received: SDKSampleCallbacks.metadata, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "SuspendedTextOutputCallback-as-received", rule: "\(callbacks)/suspended-text-output-callback.ts",
            received: SDKSampleCallbacks.suspendedTextOutput, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "PollingWaitCallback-as-received", rule: "\(callbacks)/polling-wait-callback.ts",
            received: SDKSampleCallbacks.pollingWait, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "RedirectCallback-as-received", rule: "\(callbacks)/redirect-callback.ts",
            received: SDKSampleCallbacks.redirect, posted: "null"),
        SDKProfileConformance.sample(
            sdk, "ReCaptchaCallback-token", rule: "\(callbacks)/recaptcha-callback.ts",
            received: SDKSampleCallbacks.reCaptcha, action: #"{"token":"t0k3n"}"#,
            posted: #"[{"name":"IDToken1","value":"t0k3n"}]"#),
        SDKProfileConformance.sample(
            sdk, "SelectIdPCallback-provider", rule: "\(callbacks)/select-idp-callback.ts",
            received: SDKSampleCallbacks.selectIdP, action: #"{"value":"google"}"#,
            posted: #"[{"name":"IDToken1","value":"google"}]"#),
    ].compactMap { $0 }

    @Test("a DeviceProfileCallback posts FRDevice's browser profile as JSON text (no version, n-n-n identifier)")
    func deviceProfile() async throws {
        let document = try await SDKProfileConformance.postedDeviceProfile(Self.sdk)
        #expect(document["version"] == nil)
        let identifier = document["identifier"]?.stringValue ?? ""
        #expect(identifier.split(separator: "-").count == 3 && identifier.allSatisfy { $0.isNumber || $0 == "-" })
        #expect(document["metadata"]?["browser"]?["userAgent"] != nil)
    }

    /// fr-auth/callbacks/recaptcha-enterprise-callback.ts: the app sets `setClientError` and its payload object; the rest as received.
    static func reCaptchaClientFailure(_ error: String) -> String {
        #"[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},{"name":"IDToken1clientError","value":"\#(error)"},{"name":"IDToken1payload","value":{"firewallPolicyEvaluation":false}}]"#
    }
}

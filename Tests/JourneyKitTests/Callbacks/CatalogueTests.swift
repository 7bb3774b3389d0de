import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

/// Which answer options fit which callback types, and which inputs are secrets.
@Suite struct CatalogueTests {
    @Test func chooseFitsOnlyChoiceAndConfirmation() {
        let types = KnownCallbackTypes.all + KnownCallbackTypes.derived
        let withChoose = types.filter { CallbackCatalogue.allowedOptions(for: $0)?.contains("choose") == true }
        #expect(Set(withChoose) == ["ChoiceCallback", "ConfirmationCallback"])
    }

    @Test func everyKnownTypeHasAnEntryAndAcceptsEcho() {
        for type in KnownCallbackTypes.all + KnownCallbackTypes.derived {
            let options = CallbackCatalogue.allowedOptions(for: type)
            #expect(options?.contains("echo") == true, "\(type)")
            #expect(options?.isSubset(of: Set(AnswerSpec.allOptionKeys)) == true, "\(type)")
        }
    }

    @Test func optionFitTable() {
        func options(_ type: String) -> Set<String>? { CallbackCatalogue.allowedOptions(for: type) }
        #expect(options("NameCallback") == ["value", "solve", "echo"])
        #expect(options("PasswordCallback") == ["value", "solve", "echo"])
        #expect(options("StringAttributeInputCallback") == ["value", "validateOnly", "echo"])
        #expect(options("KbaCreateCallback") == ["question", "answer", "forceQuestion", "echo"])
        #expect(options("TermsAndConditionsCallback") == ["accept", "value", "echo"])
        #expect(
            options("ReCaptchaEnterpriseCallback") == ["token", "action", "timeout", "payload", "clientError", "echo"])
        #expect(options("PollingWaitCallback") == ["exit", "echo"])
        #expect(options("SuspendedTextOutputCallback") == ["resume", "echo"])
        #expect(options("DeviceBindingCallback") == ["clientError", "deviceName", "deviceId", "key", "echo"])
        #expect(options("IdPCallback") == ["token", "tokenType", "clientError", "echo"])
        #expect(options("MyCustomCallback") == nil)
        #expect(CallbackCatalogue.customTypeOptions == ["value", "inputs", "clientError", "echo", "solve"])
    }

    @Test func secretInputs() {
        #expect(CallbackCatalogue.secretInputs(for: "PasswordCallback") == ["": "password"])
        #expect(CallbackCatalogue.secretInputs(for: "ReCaptchaEnterpriseCallback") == ["token": "recaptcha-token"])
        #expect(CallbackCatalogue.secretInputs(for: "NameCallback") == [:])
        let otp = AMCallback(type: "PasswordCallback", output: [NameValue(name: "prompt", value: "One Time Password")])
        #expect(CallbackCatalogue.secretName(forInputSuffix: "", in: otp) == "otp")
    }

    @Test func derivedNamesAreKnown() {
        #expect(KnownCallbackTypes.isKnown("WebAuthnRegistrationCallback"))
        #expect(!KnownCallbackTypes.isKnown("MyCustomCallback"))
    }
}

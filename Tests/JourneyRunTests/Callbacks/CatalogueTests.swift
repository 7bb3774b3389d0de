import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
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
        let every = CallbackCatalogue.everyTypeOptions
        #expect(every == ["echo", "keep", "input"])
        #expect(options("NameCallback") == every.union(["value", "solve"]))
        #expect(options("PasswordCallback") == every.union(["value", "solve"]))
        #expect(options("StringAttributeInputCallback") == every.union(["value", "validateOnly"]))
        #expect(options("KbaCreateCallback") == every.union(["question", "answer", "forceQuestion"]))
        #expect(options("TermsAndConditionsCallback") == every.union(["accept", "value"]))
        #expect(
            options("ReCaptchaEnterpriseCallback")
                == every.union(["token", "action", "timeout", "payload", "clientError"]))
        #expect(options("PollingWaitCallback") == every.union(["exit"]))
        #expect(options("SuspendedTextOutputCallback") == every.union(["resume"]))
        #expect(options("DeviceBindingCallback") == every.union(["clientError", "deviceName", "deviceId", "key"]))
        #expect(options("IdPCallback") == every.union(["token", "tokenType", "clientError"]))
        #expect(options("MyCustomCallback") == nil)
        #expect(CallbackCatalogue.customTypeOptions == every.union(["value", "inputs", "clientError", "solve"]))
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

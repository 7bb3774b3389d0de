import JourneyCore
import Testing

/// The registry agrees with itself: every field it names exists, every derived type has a form.
@Suite struct CallbackRegistryTests {
    @Test func wireNamesRoundTrip() {
        for type in CallbackType.allCases {
            #expect(CallbackType(wireName: type.wireName) == type)
            #expect(type.definition.type == type)
        }
        #expect(CallbackType(wireName: "MyCustomCallback") == nil)
        #expect(CallbackType.pollingWait.wireName == "PollingWaitCallback")
    }

    @Test func secretAndPrefilledInputsNameRealFields() {
        for definition in CallbackRegistry.definitions {
            let suffixes = definition.inputs.map(\.suffix)
            #expect(Set(suffixes).count == suffixes.count, "\(definition.type): duplicate input")
            let outputs = definition.outputs.map(\.name)
            #expect(Set(outputs).count == outputs.count, "\(definition.type): duplicate output")
            for input in definition.inputs {
                if let source = input.prefilledFrom {
                    #expect(outputs.contains(source), "\(definition.type): \(input.suffix) filled from '\(source)'")
                }
            }
            #expect(Set(definition.secretInputs.keys).isSubset(of: suffixes), "\(definition.type)")
            if let choices = definition.choicesOutput {
                #expect(outputs.contains(choices), "\(definition.type): no output '\(choices)'")
            }
        }
        #expect(CallbackType.password.definition.secretInputs == ["": "password"])
        #expect(CallbackType.reCaptchaEnterprise.definition.secretInputs == ["token": "recaptcha-token"])
        #expect(CallbackType.name.definition.secretInputs.isEmpty)
    }

    @Test func outputOnlyTypes() {
        let outputOnly = CallbackRegistry.definitions.filter(\.isOutputOnly).map(\.type)
        #expect(outputOnly == [.textOutput, .metadata, .suspendedTextOutput, .pollingWait, .redirect])
    }

    @Test func onlyAMTypesAreSimulated() {
        for definition in CallbackRegistry.definitions where definition.isSimulated {
            #expect(definition.origin == .am, "\(definition.type)")
            #expect(!definition.outputs.isEmpty, "\(definition.type) renders no outputs")
        }
        #expect(
            CallbackRegistry.definitions.filter { $0.origin == .am && !$0.isSimulated }.map(\.type) == [.appIntegrity])
    }

    /// A derived type is exactly the handler type of a special form that is not an AM type itself,
    /// and every form is recognised in AM types.
    @Test func derivedTypesAreSpecialForms() {
        let derived = Set(CallbackRegistry.definitions.filter { $0.origin == .derived }.map(\.type))
        let formTypes = Set(SpecialForm.allCases.map(\.handlerType))
        #expect(derived == formTypes.filter { $0.definition.origin == .derived })
        for form in SpecialForm.allCases {
            #expect(form.handlerType.definition.origin != .product, "\(form)")
            #expect(form.carriers.allSatisfy { $0.definition.origin == .am }, "\(form)")
        }
        #expect(
            CallbackRegistry.derivedTypeNames == ["WebAuthnRegistrationCallback", "WebAuthnAuthenticationCallback"])
        #expect(CallbackRegistry.productTypeNames == ["ProofOfWorkCallback"])
    }

    @Test func formsAreRecognisedOnlyInTheirCarriers() {
        let metadata = AMCallback(
            type: CallbackType.metadata.wireName,
            output: [NameValue(name: "data", value: ["_type": "WebAuthn", "_action": "webauthn_registration"])])
        #expect(SpecialForm(metadata) == .webAuthnRegistration)
        var elsewhere = metadata
        elsewhere.type = CallbackType.textOutput.wireName
        #expect(SpecialForm(elsewhere) == nil)
        let script = AMCallback(
            type: CallbackType.textOutput.wireName,
            output: [
                NameValue(name: "message", value: "var webAuthnOutcome = 1; pubKeyCredParams"),
                NameValue(name: "messageType", value: "4"),
            ])
        #expect(SpecialForm(script) == .webAuthnRegistration)
        #expect(SpecialForm(script)?.carriers.contains(.textOutput) == true)
    }
}

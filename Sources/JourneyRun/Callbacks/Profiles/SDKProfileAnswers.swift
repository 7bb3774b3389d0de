import JourneyCore

/// What an SDK posts where it differs from journey's own answers, applied to each answered
/// callback of a step when the run has a profile (docs/protocols/sdk-differences.md has the table
/// of callback type × SDK). "Set" is an input an answer wrote; "kept" one it left as received.
/// Each rule names the SDK source it comes from. A profile never rewrites an input holding a secret.
enum SDKProfileAnswers {
    static func apply(_ sdk: SDKProfile, to draft: inout CallbackDraft, redactor: Redactor) {
        guard let type = CallbackType(wireName: draft.type), draft.form == nil else { return }
        if sdk.isPingSDK {
            pingKept(type, sdk, &draft, redactor: redactor)
            pingDropsExtraInputs(type, sdk, &draft)
        }
        switch (type, sdk) {
        case (.choice, .forgeRockIOS):
            keptChoiceAsText(&draft, redactor: redactor)
        case (.booleanAttributeInput, .forgeRockIOS), (.stringAttributeInput, .forgeRockIOS),
            (.numberAttributeInput, .forgeRockIOS), (.validatedCreateUsername, .forgeRockIOS),
            (.validatedCreatePassword, .forgeRockIOS):
            keptValueOutput(&draft, redactor: redactor)
        case (.numberAttributeInput, .pingIOS), (.numberAttributeInput, .pingAndroid),
            (.numberAttributeInput, .forgeRockAndroid):
            numberAsDouble(&draft, redactor: redactor)
        case (let type, .forgeRockIOS) where CallbackType.readByName.contains(type):
            // FRAuth/FRAuth/Callbacks/MultipleValuesCallback.swift: the request holds only the
            // inputs the app set. These classes are MultipleValuesCallbacks: KbaCreateCallback.swift,
            // IdPCallback.swift, FRAppIntegrityCallback.swift in FRAuth/FRAuth/Callbacks/,
            // FRCaptchaEnterprise/FRCaptchaEnterprise/Sources/Callbacks/ReCaptchaEnterpriseCallback.swift,
            // PingProtect/PingProtect/Sources/Callbacks/PingOne*Callback.swift,
            // FRDeviceBinding/FRDeviceBinding/Sources/Callbacks/Device*Callback.swift.
            draft.keepOnlyWrittenInputs()
        case (.reCaptchaEnterprise, .pingAndroid):
            reCaptchaAllFour(&draft, redactor: redactor)
        case (.reCaptchaEnterprise, .forgeRockJS):
            payloadAsObject(&draft, redactor: redactor)
        case (.textOutput, _):
            omitTextOutput(sdk, &draft)
        default:
            break
        }
    }

    /// The Ping SDKs rebuild a callback's inputs from the values their class holds, which start
    /// from the outputs, not the received inputs (`PingPrefill` has the values and their sources).
    /// So an input the answer did not write posts that value: the main input, and a
    /// `…validateOnly` input (the `validateOnly` output).
    private static func pingKept(
        _ type: CallbackType, _ sdk: SDKProfile, _ draft: inout CallbackDraft, redactor: Redactor
    ) {
        if let name = draft.callback.inputName(suffix: ""), !draft.writtenInputs.contains(name),
            draft.secretInputs[name] == nil, let value = PingPrefill.mainValue(type, of: draft.original, sdk: sdk)
        {
            draft.write(value, inputNamed: name, secretName: nil, redactor: redactor)
        }
        if let name = draft.callback.inputName(suffix: "validateOnly"), !draft.writtenInputs.contains(name) {
            draft.write(
                PingPrefill.validateOnly(of: draft.original), inputNamed: name, secretName: nil, redactor: redactor)
        }
    }

    /// forgerock-ios, FRAuth/FRAuth/Callbacks/ChoiceCallback.swift: the value starts as
    /// `"\(defaultChoice)"`, a string; `setValue(_ val: Int)` replaces it with an integer. So a
    /// choice the app leaves alone is posted as the text of the default choice.
    private static func keptChoiceAsText(_ draft: inout CallbackDraft, redactor: Redactor) {
        guard let name = draft.callback.inputName(suffix: ""), !draft.writtenInputs.contains(name),
            let defaultChoice = draft.original.output("defaultChoice")?.intValue
        else { return }
        draft.write(.string(String(defaultChoice)), inputNamed: name, secretName: nil, redactor: redactor)
    }

    /// forgerock-ios, FRAuth/FRAuth/Callbacks/AbstractValidatedCallback.swift: the value starts
    /// from the `value` output (any JSON type), so a value the app leaves alone (a handler setting
    /// only `validateOnly`, or `echo`) is posted as that output, not as the received input.
    private static func keptValueOutput(_ draft: inout CallbackDraft, redactor: Redactor) {
        guard let name = draft.callback.inputName(suffix: ""), !draft.writtenInputs.contains(name),
            draft.secretInputs[name] == nil, let value = draft.original.output("value")
        else { return }
        draft.write(value, inputNamed: name, secretName: nil, redactor: redactor)
    }

    /// The Ping SDKs (Journey/Journey/Callbacks/NumberAttributeInputCallback.swift: `value: Double`)
    /// and forgerock-android (callback/NumberAttributeInputCallback.java, `setValue(Double)`) post
    /// the number as a double.
    private static func numberAsDouble(_ draft: inout CallbackDraft, redactor: Redactor) {
        guard let name = draft.callback.inputName(suffix: ""), draft.secretInputs[name] == nil,
            let value = draft.callback.input?.first(where: { $0.name == name })?.value, case .int(let number) = value
        else { return }
        draft.write(.double(Double(number)), inputNamed: name, secretName: nil, redactor: redactor)
    }

    /// ping-android, recaptcha-enterprise/src/main/kotlin/com/pingidentity/recaptcha/enterprise/ReCaptchaEnterpriseCallback.kt:
    /// the payload is always the four inputs by position: on success token, action, `""`, the
    /// payload text or `"{}"`; on a client error `""`, action, the error, `""`. The action is
    /// `verify()`'s `config.recaptchaAction.action` both ways, `login` unless the app sets one.
    private static func reCaptchaAllFour(_ draft: inout CallbackDraft, redactor: Redactor) {
        let error = draft.inputValue(suffix: "clientError")?.stringValue ?? ""
        let failed =
            !error.isEmpty && draft.callback.inputName(suffix: "clientError").map(draft.writtenInputs.contains) == true
        func set(_ suffix: String, _ value: String) {
            guard let name = draft.callback.inputName(suffix: suffix), draft.secretInputs[name] == nil else { return }
            draft.write(.string(value), inputNamed: name, secretName: nil, redactor: redactor)
        }
        if let name = draft.callback.inputName(suffix: "action"), !draft.writtenInputs.contains(name) {
            set("action", ReCaptchaEnterpriseAnswerer.defaultAction)
        }
        if failed {
            set("token", "")
            set("payload", "")
            draft.notes.removeAll { $0.key == "payload" }
        } else {
            set("clientError", "")
            let payload = draft.inputValue(suffix: "payload")?.stringValue ?? ""
            if payload.isEmpty { set("payload", "{}") }
        }
    }

    /// forgerock-js, packages/javascript-sdk/src/fr-auth/callbacks/recaptcha-enterprise-callback.ts:
    /// `setPayload(payload: unknown)` puts the app's object in the input as it is, so the payload
    /// is posted as a JSON object where the other SDKs post JSON text.
    private static func payloadAsObject(_ draft: inout CallbackDraft, redactor: Redactor) {
        guard let name = draft.callback.inputName(suffix: "payload"), draft.writtenInputs.contains(name),
            draft.secretInputs[name] == nil,
            let text = draft.callback.input?.first(where: { $0.name == name })?.value.stringValue,
            let object = try? JSONValue.parse(text), object.objectValue != nil
        else { return }
        draft.write(object, inputNamed: name, secretName: nil, redactor: redactor)
    }

    /// A TextOutputCallback some SDKs leave out of the request: the Ping SDKs one whose
    /// `messageType` is 4 (a script) or not 0–2 (Journey/Journey/Callbacks/TextOutputCallback.swift,
    /// journey/…/callback/TextOutputCallback.kt); forgerock-ios one not 0–2
    /// (FRAuth/FRAuth/Callbacks/TextOutputCallback.swift); forgerock-android one of type 4
    /// (callback/TextOutputCallback.java). forgerock-js posts every callback.
    private static func omitTextOutput(_ sdk: SDKProfile, _ draft: inout CallbackDraft) {
        let messageType = draft.original.output("messageType")?.intValue
        let known = messageType.map { (0...2).contains($0) } ?? false
        switch sdk {
        case .pingIOS, .pingAndroid, .forgeRockIOS: draft.omittedFromRequest = !known
        case .forgeRockAndroid: draft.omittedFromRequest = messageType == 4
        case .forgeRockJS: break
        }
    }
}

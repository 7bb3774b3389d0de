import JourneyCore

/// Rules of the two Ping SDKs (ping-ios, ping-android) beyond the values they start from
/// (`PingPrefill`): what their callback classes leave out of a callback's inputs.
extension SDKProfileAnswers {
    /// The Ping SDKs rebuild a callback's input array from the values their class holds
    /// (`input(_ values:...)`: one entry per value, named after the received input at the same
    /// position), so received inputs beyond those are dropped (ping-ios
    /// JourneyPlugin/JourneyPlugin/AbstractCallback.swift, ping-android
    /// foundation/journey-plugin/src/main/kotlin/com/pingidentity/journey/plugin/AbstractCallback.kt).
    static func pingDropsExtraInputs(_ type: CallbackType, _ sdk: SDKProfile, _ draft: inout CallbackDraft) {
        guard let count = pingInputCount(type, sdk, draft), count < draft.inputNames.count else { return }
        draft.keepFirstInputs(count)
    }

    /// Writes an answer's values by position, whatever the inputs' names, where the profile's class
    /// does; returns false where the answerer writes by name. A callback with fewer inputs than
    /// values is a script error naming the SDK's rule, never a value dropped.
    /// - ping-android, external-idp/src/main/kotlin/com/pingidentity/idp/journey/IdpCallback.kt:
    ///   `input(result.token, tokenType)` (IdpCallbackTest names the second input `IDToken1tokenType`).
    static func writeByPosition(
        _ values: [(value: JSONValue, secretName: String?)], _ type: CallbackType, into draft: inout CallbackDraft,
        _ context: AnswerContext
    ) throws(RunError) -> Bool {
        guard context.sdk == .pingAndroid, type == .idP else { return false }
        let rule = "ping-android's \(type.wireName) writes its \(values.count) values by position (IdpCallback.kt)"
        for (position, entry) in values.enumerated() {
            try draft.write(entry.value, position: position, secretName: entry.secretName, rule: rule, context: context)
        }
        return true
    }

    /// Writes a client error by position where the profile's class does; returns false where it
    /// goes into the `…clientError` input by name.
    /// - The Ping SDKs: `error(value)` of a PingOneProtectInitializeCallback (not derived from a
    ///   MetadataCallback) is `input(value)`, the first input by position, the others dropped
    ///   (ping-ios Protect/Protect/Journey/AbstractProtectCallback.swift, ping-android
    ///   protect/src/main/kotlin/com/pingidentity/protect/journey/AbstractProtectCallback.kt). AM's
    ///   callback has one input, `IDToken1clientError`, so this differs only for a callback with more.
    static func writeClientErrorByPosition(
        _ value: JSONValue, secretName: String?, into draft: inout CallbackDraft, _ context: AnswerContext
    ) throws(RunError) -> Bool {
        guard let sdk = context.sdk, sdk.isPingSDK, draft.form == nil,
            CallbackType(wireName: draft.type) == .pingOneProtectInitialize
        else { return false }
        let rule =
            "\(sdk.rawValue)'s PingOneProtectInitializeCallback writes its client error into the first input (AbstractProtectCallback)"
        try draft.write(value, position: 0, secretName: secretName, rule: rule, context: context)
        draft.keepFirstInputs(1)
        return true
    }

    /// How many values the class's `payload()` writes, or nil when it posts its JSON with the
    /// received inputs (`input(_:forKey:)`, or no override). The counts come from each class's
    /// `payload()`: ping-ios Journey/Journey/Callbacks/*.swift and
    /// DeviceProfile/DeviceProfile/DeviceProfileCallback.swift; ping-android
    /// journey/src/main/kotlin/com/pingidentity/journey/callback/*.kt,
    /// external-idp/src/main/kotlin/com/pingidentity/idp/journey/{SelectIdpCallback,IdpCallback}.kt,
    /// protect/src/main/kotlin/com/pingidentity/protect/journey/AbstractProtectCallback.kt and
    /// mfa/binding/src/main/kotlin/com/pingidentity/device/binding/journey/DeviceBindingCallback.kt,
    /// DeviceSigningVerifierCallback.kt.
    private static func pingInputCount(_ type: CallbackType, _ sdk: SDKProfile, _ draft: CallbackDraft) -> Int? {
        switch type {
        case .name, .password, .textInput, .choice, .hiddenValue, .termsAndConditions, .consentMapping:
            return 1
        case .booleanAttributeInput, .stringAttributeInput, .numberAttributeInput, .validatedCreateUsername,
            .validatedCreatePassword, .kbaCreate:
            return 2
        case .confirmation:
            // ping-ios ConfirmationCallback.swift: the JSON as received until an option is selected.
            guard let name = draft.callback.inputName(suffix: "") else { return nil }
            return draft.writtenInputs.contains(name) ? 1 : nil
        case .deviceProfile:
            return 1
        case .selectIdP where sdk == .pingAndroid:
            return 1
        case .idP where sdk == .pingAndroid, .deviceSigningVerifier where sdk == .pingAndroid,
            .pingOneProtectEvaluation where sdk == .pingAndroid:
            return 2
        case .deviceBinding where sdk == .pingAndroid:
            return 4
        default:
            return nil
        }
    }
}

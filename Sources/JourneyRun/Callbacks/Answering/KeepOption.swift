import JourneyCore

/// The `keep: true` option: inputs the handler's options do not set keep their pre-filled
/// values, as the SDK sends a field the user leaves alone. Without a profile and with a Ping
/// SDK's, as ping-ios pre-fills them: a TextInputCallback's main input its `defaultText`, a
/// HiddenValueCallback's and an attribute callback's their `value` output (`PingPrefill`), the
/// rest as received (`…validateOnly` too, rather than false). The ForgeRock SDKs keep every
/// input as received (docs/protocols/sdk-differences.md).
enum KeepOption {
    /// ping-ios's TextInputCallback starts from `defaultText` (Journey/Journey/Callbacks/
    /// TextInputCallback.swift, `initValue`) and posts it when nothing is typed
    /// (Journey/JourneyTests/Callbacks/TextInputCallbackTests.swift, testPayloadWithDefaultText);
    /// its HiddenValueCallback and attribute callbacks likewise post their `value` output
    /// (HiddenValueCallbackTests.testPayloadReturnsCorrectly,
    /// BooleanAttributeInputCallbackTests.testCompleteInitializationScenario).
    static func prefill(_ draft: inout CallbackDraft, sdk: SDKProfile?, redactor: Redactor) {
        guard sdk?.isPingSDK ?? true, let type = CallbackType(wireName: draft.type), draft.form == nil,
            [.textInput, .hiddenValue, .booleanAttributeInput, .stringAttributeInput, .numberAttributeInput]
                .contains(type),
            let name = draft.inputName(suffix: ""),
            let value = PingPrefill.mainValue(type, of: draft.original, sdk: sdk ?? .pingIOS)
        else { return }
        draft.write(value, inputNamed: name, secretName: nil, redactor: redactor)
    }
}

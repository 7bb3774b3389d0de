import JourneyCore

/// The `keep: true` option: inputs the handler's options do not set keep their pre-filled
/// values, as the Ping SDKs send a field the user leaves alone: as received (`…validateOnly`
/// too, rather than false), and a TextInputCallback's main input its `defaultText`.
enum KeepOption {
    /// ping-ios's TextInputCallback starts from `defaultText` (Journey/Journey/Callbacks/
    /// TextInputCallback.swift, `initValue`) and posts it when nothing is typed
    /// (Journey/JourneyTests/Callbacks/TextInputCallbackTests.swift, testPayloadWithDefaultText).
    static func prefill(_ draft: inout CallbackDraft, redactor: Redactor) {
        guard draft.type == CallbackType.textInput.wireName,
            let text = draft.original.output("defaultText")?.stringValue,
            let name = draft.inputName(suffix: "")
        else { return }
        draft.write(.string(text), inputNamed: name, secretName: nil, redactor: redactor)
    }
}

import JourneyCore

/// The values the Ping SDKs' callback classes start from, which they post for an input the app
/// leaves alone: they come from the outputs, not from the received inputs
/// (ping-ios JourneyPlugin/JourneyPlugin/AbstractCallback.swift `initValue`, ping-android
/// foundation/journey-plugin/…/AbstractCallback.kt `onAttribute`).
enum PingPrefill {
    /// The main input's starting value for `type`, or nil when the class does not rebuild it:
    /// - NameCallback, PasswordCallback, ValidatedCreate*: `""` (ping-ios Journey/Journey/Callbacks/NameCallback.swift…);
    /// - TextInputCallback: its `defaultText` output (ping-ios Journey/Journey/Callbacks/TextInputCallback.swift);
    /// - ChoiceCallback: its `defaultChoice`, an integer (ping-ios Journey/Journey/Callbacks/ChoiceCallback.swift);
    /// - TermsAndConditions, ConsentMapping: `false`;
    /// - HiddenValueCallback: its `value` output (ping-ios Journey/Journey/Callbacks/HiddenValueCallback.swift,
    ///   ping-android journey/src/main/kotlin/com/pingidentity/journey/callback/HiddenValueCallback.kt): iOS keeps a
    ///   string output only, Android any primitive's text (`jsonPrimitive.content`);
    /// - Boolean, String, NumberAttributeInputCallback: the `value` output as a bool, a string, a double
    ///   (ping-ios Journey/Journey/Callbacks/BooleanAttributeInputCallback.swift, StringAttributeInputCallback.swift,
    ///   NumberAttributeInputCallback.swift: `false`, `""`, `0.0` without one).
    static func mainValue(_ type: CallbackType, of callback: AMCallback, sdk: SDKProfile) -> JSONValue? {
        switch type {
        case .name, .password, .validatedCreateUsername, .validatedCreatePassword:
            return .string("")
        case .textInput:
            return .string(callback.output("defaultText")?.stringValue ?? "")
        case .choice:
            return callback.output("defaultChoice")?.intValue.map(JSONValue.int)
        case .termsAndConditions, .consentMapping:
            return .bool(false)
        case .hiddenValue:
            let output = callback.output("value")
            switch output {
            case .string(let text)?: return .string(text)
            case .bool?, .int?, .double?: return .string(sdk == .pingAndroid ? output?.displayText ?? "" : "")
            default: return .string("")
            }
        case .booleanAttributeInput:
            return .bool(callback.output("value")?.boolValue ?? false)
        case .stringAttributeInput:
            return .string(callback.output("value")?.stringValue ?? "")
        case .numberAttributeInput:
            switch callback.output("value") {
            case .int(let number)?: return .double(Double(number))
            case .double(let number)?: return .double(number)
            case .string(let text)?: return .double(Double(text) ?? 0)
            default: return .double(0)
            }
        default:
            return nil
        }
    }

    /// A `…validateOnly` input starts from the `validateOnly` output, else false
    /// (ping-ios Journey/Journey/Callbacks/AbstractValidatedCallback.swift).
    static func validateOnly(of callback: AMCallback) -> JSONValue {
        .bool(callback.output("validateOnly")?.boolValue ?? false)
    }
}

/// Every callback type the catalogue knows, as PingAM names them on the wire.
public enum KnownCallbackTypes {
    public static let all: [String] = [
        "NameCallback", "PasswordCallback", "TextInputCallback", "ChoiceCallback", "ConfirmationCallback",
        "BooleanAttributeInputCallback", "StringAttributeInputCallback", "NumberAttributeInputCallback",
        "ValidatedCreateUsernameCallback", "ValidatedCreatePasswordCallback", "KbaCreateCallback",
        "TermsAndConditionsCallback", "ConsentMappingCallback", "HiddenValueCallback", "TextOutputCallback",
        "MetadataCallback", "SuspendedTextOutputCallback", "PollingWaitCallback", "RedirectCallback",
        "DeviceProfileCallback", "ReCaptchaCallback", "ReCaptchaEnterpriseCallback", "SelectIdPCallback",
        "IdPCallback", "PingOneProtectInitializeCallback", "PingOneProtectEvaluationCallback",
        "DeviceBindingCallback", "DeviceSigningVerifierCallback", "AppIntegrityCallback",
    ]

    public static func isKnown(_ type: String) -> Bool { all.contains(type) }
}

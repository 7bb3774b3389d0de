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

    /// Names a handler may use for callbacks that never appear under that name on the wire:
    /// the SDKs' names for WebAuthn delivered as a MetadataCallback or a TextOutputCallback script.
    /// (PingOne Protect's MetadataCallback forms answer to the wire names in `all`.)
    public static let derived: [String] = ["WebAuthnRegistrationCallback", "WebAuthnAuthenticationCallback"]

    /// Custom types this product defines: the simulator's proof-of-work callback (answered by
    /// input name, usually with `solve:`). Known, so scripts that use them lint without warnings.
    public static let custom: [String] = ["ProofOfWorkCallback"]

    public static func isKnown(_ type: String) -> Bool {
        all.contains(type) || derived.contains(type) || custom.contains(type)
    }
}

/// Every callback type this product knows, by the name a script's handler uses for it.
/// `CallbackRegistry` describes each one; everything else (answerers, handler options, the
/// simulator's page defaults, the importer, the schemas) is keyed by these cases, so a type
/// is added in one place and a test finds every place that does not know it yet.
///
/// The order is the order of `$defs/callbackType` in schemas/journey.schema.json.
package enum CallbackType: String, CaseIterable, Sendable, Hashable {
    // Sent by PingAM under this name.
    case name = "NameCallback"
    case password = "PasswordCallback"
    case textInput = "TextInputCallback"
    case choice = "ChoiceCallback"
    case confirmation = "ConfirmationCallback"
    case booleanAttributeInput = "BooleanAttributeInputCallback"
    case stringAttributeInput = "StringAttributeInputCallback"
    case numberAttributeInput = "NumberAttributeInputCallback"
    case validatedCreateUsername = "ValidatedCreateUsernameCallback"
    case validatedCreatePassword = "ValidatedCreatePasswordCallback"
    case kbaCreate = "KbaCreateCallback"
    case termsAndConditions = "TermsAndConditionsCallback"
    case consentMapping = "ConsentMappingCallback"
    case hiddenValue = "HiddenValueCallback"
    case textOutput = "TextOutputCallback"
    case metadata = "MetadataCallback"
    case suspendedTextOutput = "SuspendedTextOutputCallback"
    case pollingWait = "PollingWaitCallback"
    case redirect = "RedirectCallback"
    case deviceProfile = "DeviceProfileCallback"
    case reCaptcha = "ReCaptchaCallback"
    case reCaptchaEnterprise = "ReCaptchaEnterpriseCallback"
    case selectIdP = "SelectIdPCallback"
    case idP = "IdPCallback"
    case pingOneProtectInitialize = "PingOneProtectInitializeCallback"
    case pingOneProtectEvaluation = "PingOneProtectEvaluationCallback"
    case deviceBinding = "DeviceBindingCallback"
    case deviceSigningVerifier = "DeviceSigningVerifierCallback"
    case appIntegrity = "AppIntegrityCallback"
    // The SDKs' names for features delivered inside generic callbacks (see `SpecialForm`).
    case webAuthnRegistration = "WebAuthnRegistrationCallback"
    case webAuthnAuthentication = "WebAuthnAuthenticationCallback"
    // This product's own: the simulator's proof-of-work challenge, answered by input name.
    case proofOfWork = "ProofOfWorkCallback"

    /// The name on the wire (`AMCallback.type`) and in scripts.
    package var wireName: String { rawValue }

    /// The type named `wireName`, or `nil` for a type the registry does not know (a custom callback).
    package init?(wireName: String) {
        guard let type = Self.byWireName[wireName] else { return nil }
        self = type
    }

    /// A dictionary rather than `init(rawValue:)`'s string-by-string comparison: it runs for every callback of every step.
    private static let byWireName: [String: CallbackType] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// What the registry says about this type.
    package var definition: CallbackDefinition { CallbackRegistry.definition(of: self) }
}

extension AMCallback {
    /// True when the callback's wire type is `type`.
    package func hasType(_ type: CallbackType) -> Bool { self.type == type.wireName }
}

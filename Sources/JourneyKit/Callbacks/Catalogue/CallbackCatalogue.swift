import Foundation
import JourneyCore

/// What the runner knows about each callback type: which answer options fit it and which of
/// its inputs hold secrets. The compiler checks handlers against `allowedOptions`; the
/// answerers and the recorder's redaction use `secretInputs`.
public enum CallbackCatalogue {
    /// The answer option keys (`AnswerSpec.allOptionKeys` names) that fit a callback type;
    /// `nil` for a type the catalogue does not know (custom types accept `customTypeOptions`).
    /// Every known type accepts `echo`.
    public static func allowedOptions(for type: String) -> Set<String>? {
        optionsByType[type].map { $0.union(["echo"]) }
    }

    /// The options a custom (unknown) callback type accepts.
    public static let customTypeOptions: Set<String> = ["value", "inputs", "clientError", "echo", "solve"]

    /// Input suffixes whose values are secrets for this type, and the placeholder name:
    /// PasswordCallback `""` → `password`, ReCaptchaEnterpriseCallback `token` → `recaptcha-token`.
    public static func secretInputs(for type: String) -> [String: String] {
        secretsByType[type] ?? [:]
    }

    /// The placeholder name for one input of `callback`, refined by what the callback asks:
    /// a PasswordCallback asking for a one-time code is an `otp`, one asking a KBA question a
    /// `kba-answer`; a TextInputCallback asking for a one-time code is an `otp` too.
    public static func secretName(forInputSuffix suffix: String, in callback: AMCallback) -> String? {
        let prompt = callback.prompt ?? ""
        if callback.type == "TextInputCallback", suffix.isEmpty, looksLikeOneTimeCode(prompt) { return "otp" }
        guard let name = secretInputs(for: callback.type)[suffix] else { return nil }
        if callback.type == "PasswordCallback" {
            if looksLikeOneTimeCode(prompt) { return "otp" }
            if Substring(prompt).trimmedSpacesAndTabs.hasSuffix("?") { return "kba-answer" }
        }
        return name
    }

    /// True for prompts such as "One Time Password", "Enter OTP", "Verification code", "PIN".
    /// Word by word rather than by regular expression: it runs for every password input of every step.
    static func looksLikeOneTimeCode(_ prompt: String) -> Bool {
        let words = prompt.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
        for (index, word) in words.enumerated() {
            if oneTimeCodeWords.contains(word) { return true }
            if word == "one", index + 1 < words.count, words[index + 1] == "time" { return true }
        }
        return false
    }

    private static let oneTimeCodeWords: Set<Substring> = ["onetime", "otp", "passcode", "code", "pin"]

    private static let textOptions: Set<String> = ["value", "solve"]
    private static let attributeOptions: Set<String> = ["value", "validateOnly"]

    private static let optionsByType: [String: Set<String>] = [
        "NameCallback": textOptions,
        "PasswordCallback": textOptions,
        "TextInputCallback": textOptions,
        "StringAttributeInputCallback": attributeOptions,
        "NumberAttributeInputCallback": attributeOptions,
        "BooleanAttributeInputCallback": attributeOptions,
        "ValidatedCreateUsernameCallback": attributeOptions,
        "ValidatedCreatePasswordCallback": attributeOptions,
        "ChoiceCallback": ["choose"],
        "ConfirmationCallback": ["choose"],
        "KbaCreateCallback": ["question", "answer", "forceQuestion"],
        "TermsAndConditionsCallback": ["accept", "value"],
        "ConsentMappingCallback": ["accept", "value"],
        "HiddenValueCallback": ["value", "solve"],
        // WebAuthn scripts arrive as TextOutputCallback (messageType 4); Protect and WebAuthn as MetadataCallback.
        "TextOutputCallback": ["clientError", "value"],
        "MetadataCallback": ["clientError", "signals", "value"],
        "SuspendedTextOutputCallback": ["resume"],
        "PollingWaitCallback": ["exit"],
        "RedirectCallback": [],
        "DeviceProfileCallback": ["profile", "value"],
        "ReCaptchaCallback": ["token"],
        "ReCaptchaEnterpriseCallback": ["token", "action", "timeout", "payload", "clientError"],
        "SelectIdPCallback": ["value"],
        "IdPCallback": ["token", "tokenType", "clientError"],
        "PingOneProtectInitializeCallback": ["clientError"],
        "PingOneProtectEvaluationCallback": ["signals", "clientError"],
        "DeviceBindingCallback": ["clientError", "deviceName", "deviceId", "key"],
        "DeviceSigningVerifierCallback": ["clientError", "key"],
        "AppIntegrityCallback": ["clientError", "inputs"],
        "WebAuthnRegistrationCallback": ["clientError", "value"],
        "WebAuthnAuthenticationCallback": ["clientError", "value"],
    ]

    private static let secretsByType: [String: [String: String]] = [
        "PasswordCallback": ["": "password"],
        "ValidatedCreatePasswordCallback": ["": "password"],
        "KbaCreateCallback": ["answer": "kba-answer"],
        "ReCaptchaCallback": ["": "recaptcha-token"],
        "ReCaptchaEnterpriseCallback": ["token": "recaptcha-token"],
        "IdPCallback": ["token": "idp-token"],
        "DeviceBindingCallback": ["jws": "jws"],
        "DeviceSigningVerifierCallback": ["jws": "jws"],
        "AppIntegrityCallback": ["token": "app-integrity-token", "attestToken": "app-integrity-token"],
    ]
}

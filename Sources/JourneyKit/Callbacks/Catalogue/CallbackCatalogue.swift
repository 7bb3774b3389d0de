import Foundation
import JourneyCore

/// What the runner knows about each callback type, by wire name: which answer options fit it
/// (`CallbackType.handlerOptions`) and which of its inputs hold secrets (`CallbackRegistry`).
/// The compiler checks handlers against `allowedOptions`; the answerers and the recorder's
/// redaction use `secretInputs`.
public enum CallbackCatalogue {
    /// The answer option keys (`AnswerSpec.allOptionKeys` names) that fit a callback type;
    /// `nil` for a type the catalogue does not know (custom types accept `customTypeOptions`).
    /// Every known type accepts `echo`.
    public static func allowedOptions(for type: String) -> Set<String>? {
        CallbackType(wireName: type)?.handlerOptions.map { $0.union(["echo"]) }
    }

    /// The options a custom (unknown) callback type accepts.
    public static let customTypeOptions: Set<String> = ["value", "inputs", "clientError", "echo", "solve"]

    /// Input suffixes whose values are secrets for this type, and the placeholder name:
    /// PasswordCallback `""` → `password`, ReCaptchaEnterpriseCallback `token` → `recaptcha-token`.
    public static func secretInputs(for type: String) -> [String: String] {
        CallbackRegistry.definition(wireName: type)?.secretInputs ?? [:]
    }

    /// The placeholder name for one input of `callback`, refined by what the callback asks:
    /// a PasswordCallback asking for a one-time code is an `otp`, one asking a KBA question a
    /// `kba-answer`; a TextInputCallback asking for a one-time code is an `otp` too.
    public static func secretName(forInputSuffix suffix: String, in callback: AMCallback) -> String? {
        let prompt = callback.prompt ?? ""
        if callback.hasType(.textInput), suffix.isEmpty, looksLikeOneTimeCode(prompt) { return "otp" }
        guard let name = secretInputs(for: callback.type)[suffix] else { return nil }
        if callback.hasType(.password) {
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
}

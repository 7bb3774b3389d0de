import Foundation
import JourneyCore

/// What the runner knows about each callback type, by wire name: which answer options fit it
/// (`CallbackType.handlerOptions`) and which of its inputs hold secrets (`CallbackRegistry`).
/// The compiler checks handlers against `allowedOptions`; the answerers and the recorder's
/// redaction use `secretInputs`.
package enum CallbackCatalogue {
    /// The answer option keys (`AnswerSpec.allOptionKeys` names) that fit a callback type;
    /// `nil` for a type the catalogue does not know (custom types accept `customTypeOptions`).
    /// Every known type accepts `echo`, `keep` and `input`.
    package static func allowedOptions(for type: String) -> Set<String>? {
        CallbackType(wireName: type)?.handlerOptions.map { $0.union(everyTypeOptions) }
    }

    /// The options every callback type accepts.
    package static let everyTypeOptions: Set<String> = ["echo", "keep", "input"]

    /// The options a custom (unknown) callback type accepts.
    package static let customTypeOptions: Set<String> = everyTypeOptions.union([
        "value", "inputs", "clientError", "solve",
    ])

    /// Input suffixes whose values are secrets for this type, and the placeholder name:
    /// PasswordCallback `""` → `password`, ReCaptchaEnterpriseCallback `token` → `recaptcha-token`.
    package static func secretInputs(for type: String) -> [String: String] {
        CallbackRegistry.definition(wireName: type)?.secretInputs ?? [:]
    }

    /// The placeholder name for one input of `callback`, refined by what the callback asks:
    /// a PasswordCallback asking for a one-time code is an `otp`, one asking a KBA question a
    /// `kba-answer`; a TextInputCallback asking for a one-time code is an `otp` too.
    package static func secretName(forInputSuffix suffix: String, in callback: AMCallback) -> String? {
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
    package static func looksLikeOneTimeCode(_ prompt: String) -> Bool {
        if prompt.utf8.allSatisfy({ $0 < 0x80 }) { return looksLikeOneTimeCode(ascii: prompt.utf8) }
        let words = prompt.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
        for (index, word) in words.enumerated() {
            if oneTimeCodeWords.contains(word) { return true }
            if word == "one", index + 1 < words.count, words[index + 1] == "time" { return true }
        }
        return false
    }

    /// An array, not a Set: five words compare as fast, and a `Set<Substring>` costs a protocol
    /// conformance lookup (Substring: Hashable) at its first use (docs/performance.md, start-up).
    private static let oneTimeCodeWords: [Substring] = ["onetime", "otp", "passcode", "code", "pin"]

    /// The same words of an ASCII prompt, read from its bytes: ASCII letters and digits are the
    /// Characters `isLetter` and `isNumber` accept there, so the words are the same, without
    /// lowercasing and splitting Characters (every password input of every step asks this).
    private static func looksLikeOneTimeCode(ascii prompt: String.UTF8View) -> Bool {
        var word: [UInt8] = []
        var previousWasOne = false
        func ends() -> Bool {
            defer { word.removeAll(keepingCapacity: true) }
            guard !word.isEmpty else { return false }
            if previousWasOne && word.elementsEqual("time".utf8) { return true }
            if oneTimeCodeASCIIWords.contains(word) { return true }
            previousWasOne = word.elementsEqual("one".utf8)
            return false
        }
        for byte in prompt {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
                || lower == UInt8(ascii: "_")
            {
                word.append(lower)
            } else if ends() {
                return true
            }
        }
        return ends()
    }

    private static let oneTimeCodeASCIIWords: [[UInt8]] = oneTimeCodeWords.map { Array($0.utf8) }
}

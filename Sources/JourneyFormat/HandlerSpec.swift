import JourneyCore

/// One handler: which callbacks it answers (`match`) and how (`answer`). First match wins.
package struct HandlerSpec: Sendable {
    package var matcher: Matcher
    package var answer: AnswerSpec
    package var location: SourceLocation

    package init(matcher: Matcher, answer: AnswerSpec, location: SourceLocation) {
        self.matcher = matcher
        self.answer = answer
        self.location = location
    }
}

/// Selects callbacks. Every given criterion must hold.
package struct Matcher: Sendable {
    /// Callback `type`, e.g. `NameCallback`. `nil` matches any type.
    package var type: Located<String>?
    /// The `prompt` (or `message`) output.
    package var prompt: TextPattern?
    /// Any output by name, e.g. `{ recaptchaSiteKey: /^6L/ }`.
    package var outputs: [(name: String, pattern: TextPattern)]
    /// The Page node's `_id`.
    package var callbackId: Int?
    /// A HiddenValueCallback's `id` output.
    package var hiddenId: TextPattern?
    /// The step's `stage`.
    package var stage: TextPattern?
    /// The round trip, counted from 1.
    package var step: Int?
    /// The n-th callback of this handler's type within its step, counted from 1.
    package var occurrence: Int?

    package init(
        type: Located<String>? = nil, prompt: TextPattern? = nil, outputs: [(name: String, pattern: TextPattern)] = [],
        callbackId: Int? = nil, hiddenId: TextPattern? = nil, stage: TextPattern? = nil, step: Int? = nil,
        occurrence: Int? = nil
    ) {
        self.type = type
        self.prompt = prompt
        self.outputs = outputs
        self.callbackId = callbackId
        self.hiddenId = hiddenId
        self.stage = stage
        self.step = step
        self.occurrence = occurrence
    }

    /// A short text naming what this matcher selects, for messages.
    package var summary: String {
        var parts: [String] = []
        if let type { parts.append(type.value) }
        if let prompt { parts.append("prompt \(prompt)") }
        for output in outputs { parts.append("\(output.name) \(output.pattern)") }
        if let callbackId { parts.append("_id \(callbackId)") }
        if let hiddenId { parts.append("id \(hiddenId)") }
        if let stage { parts.append("stage \(stage)") }
        if let step { parts.append("step \(step)") }
        if let occurrence { parts.append("occurrence \(occurrence)") }
        return parts.isEmpty ? "any callback" : parts.joined(separator: ", ")
    }
}

/// How a handler answers. Only the options that fit the matched callback type may be set;
/// the compiler checks that. Each option keeps its location for those messages.
package struct AnswerSpec: Sendable {
    /// The one input's value (names, passwords, text, attributes, hidden values, tokens...).
    package var value: ValueSpec?
    /// Choice or Confirmation: an option label or a 0-based index.
    package var choose: Located<ChoiceSelector>?
    /// KbaCreateCallback: the question (a predefined one, or a user-defined one when allowed).
    package var question: ValueSpec?
    /// KbaCreateCallback: the answer.
    package var answer: ValueSpec?
    /// KbaCreateCallback: send `question` even when `allowUserDefinedQuestions` is false (to test the server's check).
    package var forceQuestion: Located<Bool>?
    /// Terms and Consent: accept (true) or decline.
    package var accept: Located<Bool>?
    /// Attribute and Validated* callbacks: the `validateOnly` input.
    package var validateOnly: Located<Bool>?
    /// reCAPTCHA, IdP, App Integrity: the token.
    package var token: ValueSpec?
    /// IdPCallback: `id_token`, `access_token`, `authorization_code` or `JSON`.
    package var tokenType: Located<String>?
    /// ReCaptchaEnterpriseCallback: the action (default `login`).
    package var action: Located<String>?
    /// ReCaptchaEnterpriseCallback: provider timeout in ms (default 15000).
    package var timeoutMilliseconds: Located<Int>?
    /// ReCaptchaEnterpriseCallback: extra assessment fields, sent as a JSON string.
    package var payload: Located<JSONValue>?
    /// A client error code sent instead of an answer, as the SDKs' setClientError does.
    package var clientError: ValueSpec?
    /// PingOne Protect evaluation: the signals string.
    package var signals: ValueSpec?
    /// DeviceProfileCallback: the profile document, or the name of an SDK's shape (`browser`,
    /// `ios`, `android`) as a string; a default document is built when absent.
    package var profile: Located<JSONValue>?
    /// DeviceBindingCallback: the device name and id.
    package var deviceName: ValueSpec?
    package var deviceId: ValueSpec?
    /// DeviceBinding/Signing: a PEM file with a P-256 private key (a key is created per run when absent).
    package var keyFile: Located<String>?
    /// Inputs by full name (`IDToken1token`) or suffix (`token`), for custom callback types.
    package var inputs: [(name: String, value: ValueSpec)]
    /// PollingWaitCallback: take the "Exit" option instead of waiting.
    package var exit: Located<Bool>?
    /// SuspendedTextOutputCallback: the suspendedId to resume with.
    package var resume: ValueSpec?
    /// Leave the callback exactly as received (for output callbacks or pre-filled inputs).
    package var echo: Located<Bool>?
    /// Inputs the other options do not set keep their pre-filled values (as received; a
    /// TextInputCallback's `defaultText`), as the SDKs send a field the user leaves alone.
    package var keep: Located<Bool>?
    /// The input the callback's main answer (`value`, `choose`...) goes into, by full name or
    /// suffix, for a callback whose input is not the usual `IDToken<N>`.
    package var input: Located<String>?
    /// Compute the answer: proof of work, clear-pass, an arithmetic CAPTCHA.
    package var solve: SolveSpec?
    /// WebAuthn handlers: the software authenticator's options.
    package var passkey = PasskeyAnswerSpec()
    package var location: SourceLocation
    /// Where each option's key stands, so a diagnostic about the option points at its name.
    package var keyLocations: [String: SourceLocation] = [:]

    package init(location: SourceLocation) {
        self.location = location
        self.inputs = []
    }

    /// The option keys that are set, with their keys' locations, for fit checks.
    package var setOptions: [(key: String, location: SourceLocation)] {
        var options: [(String, SourceLocation)] = []
        func add(_ key: String, _ location: SourceLocation?) {
            if let location { options.append((key, keyLocations[key] ?? location)) }
        }
        add("value", value?.location)
        add("choose", choose?.location)
        add("question", question?.location)
        add("answer", answer?.location)
        add("forceQuestion", forceQuestion?.location)
        add("accept", accept?.location)
        add("validateOnly", validateOnly?.location)
        add("token", token?.location)
        add("tokenType", tokenType?.location)
        add("action", action?.location)
        add("timeout", timeoutMilliseconds?.location)
        add("payload", payload?.location)
        add("clientError", clientError?.location)
        add("signals", signals?.location)
        add("profile", profile?.location)
        add("deviceName", deviceName?.location)
        add("deviceId", deviceId?.location)
        add("key", keyFile?.location)
        add("inputs", keyLocations["inputs"])
        add("exit", exit?.location)
        add("resume", resume?.location)
        add("echo", echo?.location)
        add("keep", keep?.location)
        add("input", input?.location)
        add("solve", solve?.location)
        for (key, location) in passkey.setLocations { add(key, location) }
        return options
    }

    /// Every answer option key the format knows (declared in `ScriptKeys.answer`).
    package static let allOptionKeys = ScriptKeys.answer.names
}

/// A choice by label (`SMS`) or by 0-based index.
package enum ChoiceSelector: Sendable, Hashable, CustomStringConvertible {
    case label(String)
    case index(Int)

    package var description: String {
        switch self {
        case .label(let label): return "'\(label)'"
        case .index(let index): return "#\(index)"
        }
    }
}

import JourneyCore

/// One handler: which callbacks it answers (`match`) and how (`answer`). First match wins.
public struct HandlerSpec: Sendable {
    public var matcher: Matcher
    public var answer: AnswerSpec
    public var location: SourceLocation

    public init(matcher: Matcher, answer: AnswerSpec, location: SourceLocation) {
        self.matcher = matcher
        self.answer = answer
        self.location = location
    }
}

/// Selects callbacks. Every given criterion must hold.
public struct Matcher: Sendable {
    /// Callback `type`, e.g. `NameCallback`. `nil` matches any type.
    public var type: Located<String>?
    /// The `prompt` (or `message`) output.
    public var prompt: TextPattern?
    /// Any output by name, e.g. `{ recaptchaSiteKey: /^6L/ }`.
    public var outputs: [(name: String, pattern: TextPattern)]
    /// The Page node's `_id`.
    public var callbackId: Int?
    /// A HiddenValueCallback's `id` output.
    public var hiddenId: TextPattern?
    /// The step's `stage`.
    public var stage: TextPattern?
    /// The round trip, counted from 1.
    public var step: Int?
    /// The n-th callback of this handler's type within its step, counted from 1.
    public var occurrence: Int?

    public init(
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
    public var summary: String {
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
public struct AnswerSpec: Sendable {
    /// The one input's value (names, passwords, text, attributes, hidden values, tokens...).
    public var value: ValueSpec?
    /// Choice or Confirmation: an option label or a 0-based index.
    public var choose: Located<ChoiceSelector>?
    /// KbaCreateCallback: the question (a predefined one, or a user-defined one when allowed).
    public var question: ValueSpec?
    /// KbaCreateCallback: the answer.
    public var answer: ValueSpec?
    /// KbaCreateCallback: send `question` even when `allowUserDefinedQuestions` is false (to test the server's check).
    public var forceQuestion: Located<Bool>?
    /// Terms and Consent: accept (true) or decline.
    public var accept: Located<Bool>?
    /// Attribute and Validated* callbacks: the `validateOnly` input.
    public var validateOnly: Located<Bool>?
    /// reCAPTCHA, IdP, App Integrity: the token.
    public var token: ValueSpec?
    /// IdPCallback: `id_token`, `access_token`, `authorization_code` or `JSON`.
    public var tokenType: Located<String>?
    /// ReCaptchaEnterpriseCallback: the action (default `login`).
    public var action: Located<String>?
    /// ReCaptchaEnterpriseCallback: provider timeout in ms (default 15000).
    public var timeoutMilliseconds: Located<Int>?
    /// ReCaptchaEnterpriseCallback: extra assessment fields, sent as a JSON string.
    public var payload: Located<JSONValue>?
    /// A client error code sent instead of an answer, as the SDKs' setClientError does.
    public var clientError: ValueSpec?
    /// PingOne Protect evaluation: the signals string.
    public var signals: ValueSpec?
    /// DeviceProfileCallback: the profile document, or the name of an SDK's shape (`browser`,
    /// `ios`, `android`) as a string; a default document is built when absent.
    public var profile: Located<JSONValue>?
    /// DeviceBindingCallback: the device name and id.
    public var deviceName: ValueSpec?
    public var deviceId: ValueSpec?
    /// DeviceBinding/Signing: a PEM file with a P-256 private key (a key is created per run when absent).
    public var keyFile: Located<String>?
    /// Inputs by full name (`IDToken1token`) or suffix (`token`), for custom callback types.
    public var inputs: [(name: String, value: ValueSpec)]
    /// PollingWaitCallback: take the "Exit" option instead of waiting.
    public var exit: Located<Bool>?
    /// SuspendedTextOutputCallback: the suspendedId to resume with.
    public var resume: ValueSpec?
    /// Leave the callback exactly as received (for output callbacks or pre-filled inputs).
    public var echo: Located<Bool>?
    /// Compute the answer: proof of work, clear-pass, an arithmetic CAPTCHA.
    public var solve: SolveSpec?
    /// WebAuthn handlers: the software authenticator's options.
    public var passkey = PasskeyAnswerSpec()
    public var location: SourceLocation
    /// Where each option's key stands, so a diagnostic about the option points at its name.
    public var keyLocations: [String: SourceLocation] = [:]

    public init(location: SourceLocation) {
        self.location = location
        self.inputs = []
    }

    /// The option keys that are set, with their keys' locations, for fit checks.
    public var setOptions: [(key: String, location: SourceLocation)] {
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
        add("solve", solve?.location)
        for (key, location) in passkey.setLocations { add(key, location) }
        return options
    }

    /// Every answer option key the format knows.
    public static let allOptionKeys =
        [
            "value", "choose", "question", "answer", "forceQuestion", "accept", "validateOnly", "token", "tokenType",
            "action", "timeout",
            "payload", "clientError", "signals", "profile", "deviceName", "deviceId", "key", "inputs", "exit", "resume",
            "echo", "solve",
        ] + PasskeyAnswerSpec.keys
}

/// A choice by label (`SMS`) or by 0-based index.
public enum ChoiceSelector: Sendable, Hashable, CustomStringConvertible {
    case label(String)
    case index(Int)

    public var description: String {
        switch self {
        case .label(let label): return "'\(label)'"
        case .index(let index): return "#\(index)"
        }
    }
}

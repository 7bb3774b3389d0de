import JourneyCore

/// The state of one script load: the YAML reader collecting diagnostics, the options, and the
/// templates read so far with what they read (``TemplateReader``), the callback types named
/// (``CallbackTypeCheck``); the checked scalars and value specs every part reads. It reads the
/// top level, `server:`, `vars:`, `limits:`, `device:` and `client:`; the other parts have their
/// reader, made with this context where the top level reaches them: ``StartReader``,
/// ``HandlersReader`` (with ``AnswerReader``), ``CaptureReader``, ``ExpectReader``,
/// ``ResourcePhasesReader`` (`uses:`, `request:`, `cleanup:`), ``OAuthReader``,
/// ``MobileFirstReader`` and ``RakutenReader``.
package final class ScriptLoadContext {
    let reader: YAMLReader
    let options: ScriptLoadOptions
    /// Parses the script's templates and records the variables, environment and programs they read.
    let templates: TemplateReader
    /// Checks the callback types the script names against the catalogue.
    let typeCheck: CallbackTypeCheck

    init(reader: YAMLReader, options: ScriptLoadOptions) {
        self.reader = reader
        self.options = options
        self.templates = TemplateReader(reader: reader)
        self.typeCheck = CallbackTypeCheck(reader: reader)
    }

    var file: String { reader.file }

    func error(_ message: @autoclosure () -> String, at node: YNode, hint: @autoclosure () -> String? = nil) {
        reader.error(message(), at: node, hint: hint())
    }

    /// The variable a handler's templates read the challenge from (`{{ challenge.captcha }}`).
    package static let challengeVariable = "challenge"

    // MARK: Patterns

    /// A `/regex/flags` or exact-text pattern; an invalid regex is reported at the scalar.
    func pattern(_ node: YNode, _ what: String) -> TextPattern? {
        guard let text = node.string(what) else { return nil }
        do {
            return try TextPattern(parsing: text)
        } catch {
            self.error("invalid regular expression in \(what): \(Self.regexMessage(error))", at: node)
            return nil
        }
    }

    /// A regex written with or without slashes (`/code: (\d+)/` or `code: (\d+)`).
    func regex(_ node: YNode, _ what: String) -> TextPattern? {
        guard let text = node.string(what) else { return nil }
        let slashed = text.hasPrefix("/") && text.dropFirst().contains("/") ? text : "/\(text)/"
        do {
            return try TextPattern(parsing: slashed)
        } catch {
            self.error("invalid regular expression in \(what): \(Self.regexMessage(error))", at: node)
            return nil
        }
    }

    private static func regexMessage(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("NSRegularExpression") || text.contains("Code=2048") { return "the pattern does not compile" }
        return text
    }

    // MARK: Scalars with checks

    /// A whole number within `range` (one of ``NumberRanges``).
    func int(_ node: YNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = node.int(what) else { return nil }
        guard range.contains(value) else {
            error(NumberRanges.outOfRange(what, range, found: String(value)), at: node)
            return nil
        }
        return value
    }

    /// `[openid, profile]` or `"openid profile"`.
    func scopeList(_ node: YNode, _ what: String) -> [String] {
        if node.isSequence {
            return node.sequence(what)?.compactMap { $0.strictString("each item of \(what)") } ?? []
        }
        return node.string(what).map { $0.split(separator: " ").map(String.init) } ?? []
    }

    /// A value that must be one of `choices`, with a did-you-mean when it is not.
    func oneOf(_ choices: [String], _ node: YNode, _ what: String) -> String? {
        guard let text = node.string(what) else { return nil }
        guard choices.contains(text) else {
            error(
                "\(what) must be one of \(choices.joined(separator: ", ")), found '\(text)'", at: node,
                hint: DidYouMean.hint(for: text, among: choices))
            return nil
        }
        return text
    }
}

extension ScriptLoadContext {
    /// The value of a required key. Its absence is reported at the mapping, unless an unknown
    /// key in the mapping is a near miss of it (already reported with a "did you mean").
    func required(_ key: String, in mapping: YMapping, _ context: String, accepted: [String]) -> YNode? {
        if let value = mapping[key] { return value }
        if isMisspelled(key, in: mapping, accepted: accepted) { return nil }
        return mapping.required(key, in: context)
    }

    /// Whether some key of `mapping` outside `accepted` looks like a typo of `key`.
    func isMisspelled(_ key: String, in mapping: YMapping, accepted: [String]) -> Bool {
        mapping.keys.contains { !accepted.contains($0) && DidYouMean.suggestion(for: $0, among: accepted) == key }
    }
}

import JourneyCore

/// The state of one script load: the YAML reader collecting diagnostics, the options, and the
/// templates read so far with what they read (``TemplateReader``).
package final class ScriptLoadContext {
    let reader: YAMLReader
    let options: ScriptLoadOptions
    /// Parses the script's templates and records the variables, environment and programs they read.
    let templates: TemplateReader
    /// The script's protocol: a MobileFirst script names security checks where PingAM names callback types.
    var protocolKind = ProtocolKind.pingam
    /// The handler keys and `match: type` values naming a type the catalogue does not know.
    var handlerTypeNodes: [YNode] = []

    init(reader: YAMLReader, options: ScriptLoadOptions) {
        self.reader = reader
        self.options = options
        self.templates = TemplateReader(reader: reader)
    }

    var file: String { reader.file }

    func error(_ message: @autoclosure () -> String, at node: YNode, hint: @autoclosure () -> String? = nil) {
        reader.error(message(), at: node, hint: hint())
    }

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

    /// A callback type name; unknown names are allowed (custom callbacks) with a warning.
    /// A handler's type (`ofHandler`) is checked once every handler is read (``checkHandlerTypes(_:)``).
    func callbackType(_ node: YNode, _ what: String, ofHandler: Bool = false) -> Located<String>? {
        guard let name = node.strictString(what) else { return nil }
        if ofHandler {
            if protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) { handlerTypeNodes.append(node) }
        } else {
            warnIfUnknown(callbackType: name, at: node)
        }
        return Located(name, at: node.location)
    }

    func warnIfUnknown(callbackType name: String, at node: YNode) {
        guard protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) else { return }
        reader.warning(
            "unknown callback type '\(name)' (custom types are answered by input name)", at: node,
            hint: DidYouMean.hint(for: name, among: KnownCallbackTypes.all))
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

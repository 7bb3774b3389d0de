import JourneyCore

/// The message for an input callback no handler answers, with what the script needs to answer
/// it: the callback and its prompt, the options it offers (choices, options, providers,
/// questions), its inputs as received, and why each handler did not match.
///
/// ```
/// no handler for ChoiceCallback (prompt "SecondFactorChoice")
///   choices: 0 "Email", 1 "SMS" (default 0)
///   inputs: IDToken1=""
///   handlers tried:
///     #1 ChoiceCallback, stage OTP (login.yaml:9:3): stage is "SecondFactorChoice", not OTP
/// ```
///
/// Server text is escaped (one line each, no control character) and cut; values pass the redactor.
struct UnhandledCallback {
    let draft: CallbackDraft
    let layout: StepLayout
    let selection: HandlerSelection

    /// Items of a list (choices, providers) the message shows; the others are counted.
    static let maxItems = 20
    /// Characters of one label or value the message shows.
    static let maxText = 80

    func message(redactor: Redactor) -> String {
        var lines = ["no handler for \(draft.subject)"]
        if let offered = Self.offered(by: draft.original) { lines.append("  " + offered) }
        if let inputs = draft.original.input, !inputs.isEmpty {
            let shown = inputs.map { "\($0.name)=\(Self.cut(redactor.redact($0.value.compactJSON)))" }
            lines.append("  inputs: " + Self.list(shown))
        }
        let handlers = selection.handlers
        guard !handlers.isEmpty else { return (lines + ["  handlers tried: none"]).joined(separator: "\n") }
        lines.append("  handlers tried:")
        for handler in handlers {
            lines.append("    \(handler.triedSummary): \(reason(handler))")
        }
        return lines.joined(separator: "\n")
    }

    private func reason(_ handler: ActiveHandler) -> String {
        if let mismatch = handler.spec.matcher.mismatch(callbackAt: draft.index, in: layout) { return mismatch }
        // The selection passes over a handler without a type for a callback with a default.
        return "it names no type, and this callback is answered by a built-in default"
    }

    /// `choices: 0 "Email", 1 "SMS" (default 0)`, `providers: "google", "localAuthentication"`, or nil.
    static func offered(by callback: AMCallback) -> String? {
        if let output = CallbackRegistry.definition(wireName: callback.type)?.choicesOutput {
            let labels = (callback.output(output)?.arrayValue ?? []).map(\.displayText)
            let defaultName = output == "options" ? "defaultOption" : "defaultChoice"
            let chosen = callback.output(defaultName)?.intValue.map { " (default \($0))" } ?? ""
            return "\(output): " + list(labels.enumerated().map { "\($0.offset) \(quoted($0.element))" }) + chosen
        }
        if callback.hasType(.selectIdP) {
            let providers = (callback.output("providers")?.arrayValue ?? []).compactMap { $0["provider"]?.stringValue }
            return "providers: " + list(providers.map(quoted))
        }
        if callback.hasType(.kbaCreate) {
            let questions = (callback.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
            return "predefinedQuestions: " + list(questions.enumerated().map { "\($0.offset) \(quoted($0.element))" })
        }
        return nil
    }

    /// At most ``maxItems`` items, comma-separated; `none` when empty.
    static func list(_ items: [String]) -> String {
        guard !items.isEmpty else { return "none" }
        let shown = items.prefix(maxItems).joined(separator: ", ")
        return items.count > maxItems ? shown + ", … \(items.count - maxItems) more" : shown
    }

    static func quoted(_ text: String) -> String { "\"\(cut(text))\"" }

    /// Escaped, and at most ``maxText`` characters.
    static func cut(_ text: String) -> String {
        let escaped = VisibleText.escaped(text)
        return escaped.count > maxText ? escaped.prefix(maxText - 1) + "…" : escaped
    }
}

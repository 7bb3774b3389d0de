import JourneyCore

/// Reads `handlers:` in either form: a map from callback type to answer, or an ordered list of
/// `match:` plus answer options.
struct HandlersReader {
    let context: ScriptLoadContext

    func handlers(_ node: YNode) -> [HandlerSpec] {
        if node.isMapping, let mapping = node.mapping("handlers") {
            return context.typeCheck.checkHandlerTypes(mapping.entries.compactMap(mapFormHandler))
        }
        if node.isSequence, let items = node.sequence("handlers") {
            return context.typeCheck.checkHandlerTypes(items.enumerated().compactMap { listFormHandler($1, index: $0) })
        }
        context.error(
            "handlers must be a mapping (callback type: answer) or a list of handlers with 'match:', found \(node.kindDescription)",
            at: node)
        return []
    }

    /// `NameCallback: "{{ username }}"` or `ChoiceCallback: { choose: SMS }`.
    private func mapFormHandler(_ entry: YMapping.Entry) -> HandlerSpec? {
        let what = "handlers.\(entry.key)"
        let type = context.typeCheck.callbackType(entry.keyNode, "a handler's callback type", ofHandler: true)
        let value = entry.value
        var answer = AnswerSpec(location: value.location)
        if value.isNull {
            context.error(
                "the handler for \(entry.key) has no answer", at: entry.keyNode,
                hint: "write a value, a mapping of answer options, or 'echo: true' to send it back unchanged")
            return nil
        } else if value.isSequence {
            context.error(
                "\(what) must be a value or a mapping of answer options, found a list", at: value,
                hint: "use the list form of handlers ('- match: \(entry.key)') to write several handlers")
            return nil
        } else if value.isMapping, let mapping = value.mapping(what) {
            if context.isValueSource(mapping) {
                answer.value = context.valueSpec(value, "\(what).value")
            } else {
                answer = AnswerReader(context: context).answer(mapping, what)
            }
        } else {
            answer.value = context.valueSpec(value, "\(what) (the value)")
        }
        guard let type else { return nil }
        return HandlerSpec(matcher: Matcher(type: type), answer: answer, location: entry.keyNode.location)
    }

    /// `- match: { type: ChoiceCallback, prompt: /factor/i }` then answer options at the same level.
    private func listFormHandler(_ node: YNode, index: Int) -> HandlerSpec? {
        let what = "handlers[\(index)]"
        guard let mapping = node.mapping(what) else { return nil }
        let answer = AnswerReader(context: context).answer(mapping, what, ignoring: [ScriptKeys.Handler.match.rawValue])
        guard
            let matchNode = context.required(
                ScriptKeys.Handler.match, in: mapping, what, accepted: ScriptKeys.handler.names),
            let matcher = context.matcher(matchNode, "\(what).match", ofHandler: true)
        else { return nil }
        return HandlerSpec(matcher: matcher, answer: answer, location: node.location)
    }
}

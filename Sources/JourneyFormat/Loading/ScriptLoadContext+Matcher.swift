import JourneyCore

/// Reads matchers: `match: NameCallback` or `match: { type: ChoiceCallback, prompt: /factor/i }`.
extension ScriptLoadContext {
    /// `ofHandler`: the type is a handler's, checked with the others (``checkHandlerTypes(_:)``).
    func matcher(_ node: YNode, _ what: String, ofHandler: Bool = false) -> Matcher? {
        if node.isStringScalar {
            return typeCheck.callbackType(node, "\(what) (a callback type)", ofHandler: ofHandler).map {
                Matcher(type: $0)
            }
        }
        guard node.isMapping, let mapping = node.mapping(what) else {
            error("\(what) must be a callback type or a mapping of criteria, found \(node.kindDescription)", at: node)
            return nil
        }
        mapping.allowOnly(ScriptKeys.match, in: what)
        var matcher = Matcher()
        matcher.type = mapping[ScriptKeys.Match.type].flatMap {
            typeCheck.callbackType($0, "\(what).type", ofHandler: ofHandler)
        }
        matcher.prompt = mapping[ScriptKeys.Match.prompt].flatMap { pattern($0, "\(what).prompt") }
        if let outputs = mapping[ScriptKeys.Match.output], let outputMapping = outputs.mapping("\(what).output") {
            matcher.outputs = outputMapping.entries.compactMap { entry in
                pattern(entry.value, "\(what).output.\(entry.key)").map { (entry.key, $0) }
            }
        }
        matcher.callbackId = mapping[ScriptKeys.Match.id].flatMap {
            int($0, "\(what).id (the callback's _id)", in: NumberRanges.callbackId)
        }
        matcher.hiddenId = mapping[ScriptKeys.Match.hiddenId].flatMap { pattern($0, "\(what).hiddenId") }
        matcher.stage = mapping[ScriptKeys.Match.stage].flatMap { pattern($0, "\(what).stage") }
        matcher.step = mapping[ScriptKeys.Match.step].flatMap { int($0, "\(what).step", in: NumberRanges.steps) }
        matcher.occurrence = mapping[ScriptKeys.Match.occurrence].flatMap {
            int($0, "\(what).occurrence", in: NumberRanges.occurrence)
        }
        return matcher
    }
}

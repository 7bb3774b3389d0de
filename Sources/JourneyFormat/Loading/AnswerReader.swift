import JourneyCore
import Yams

/// Reads a handler's answer options (`value`, `choose`, `token`, `payload`, ...).
struct AnswerReader {
    let context: ScriptLoadContext

    /// The answer options of `mapping`; keys in `ignoring` (the list form's `match`) are skipped.
    func answer(_ mapping: YMapping, _ what: String, ignoring: [String] = []) -> AnswerSpec {
        var answer = AnswerSpec(location: mapping.node.location)
        mapping.allowOnly(ignoring + ScriptKeys.answer.names, in: what)
        for entry in mapping.entries where !ignoring.contains(entry.key) {
            answer.keyLocations[entry.key] = entry.keyNode.location
            setOption(entry.key, entry.value, on: &answer, "\(what).\(entry.key)")
        }
        return answer
    }

    private func setOption(_ key: String, _ node: YNode, on answer: inout AnswerSpec, _ what: String) {
        switch ScriptKeys.AnswerOption(rawValue: key) {
        case .value: answer.value = context.valueSpec(node, what)
        case .choose: answer.choose = choice(node, what)
        case .question: answer.question = context.valueSpec(node, what)
        case .answer: answer.answer = context.valueSpec(node, what)
        case .forceQuestion: answer.forceQuestion = located(node) { $0.bool(what) }
        case .accept: answer.accept = located(node) { $0.bool(what) }
        case .validateOnly: answer.validateOnly = located(node) { $0.bool(what) }
        case .token: answer.token = context.valueSpec(node, what)
        case .tokenType: answer.tokenType = located(node) { context.oneOf(ScriptKeys.tokenTypes, $0, what) }
        case .action: answer.action = located(node) { $0.string(what) }
        case .timeout:
            answer.timeoutMilliseconds = located(node) {
                context.int($0, "\(what) (milliseconds)", in: NumberRanges.answerMilliseconds)
            }
        case .payload: answer.payload = jsonMapping(node, what)
        case .clientError: answer.clientError = context.valueSpec(node, what)
        case .signals: answer.signals = context.valueSpec(node, what)
        case .profile: answer.profile = node.isScalar ? profileShape(node, what) : jsonMapping(node, what)
        case .deviceName: answer.deviceName = context.valueSpec(node, what)
        case .deviceId: answer.deviceId = context.valueSpec(node, what)
        case .key: answer.keyFile = located(node) { $0.strictString("\(what) (a PEM file path)") }
        case .inputs: answer.inputs = inputs(node, what)
        case .exit: answer.exit = located(node) { $0.bool(what) }
        case .resume: answer.resume = context.valueSpec(node, what)
        case .echo: answer.echo = located(node) { $0.bool(what) }
        case .keep: answer.keep = located(node) { $0.bool(what) }
        case .input: answer.input = located(node) { $0.strictString(what) }
        case .solve: answer.solve = solve(node, what)
        default: _ = setPasskeyOption(key, node, on: &answer.passkey, what)  // others: reported by allowOnly
        }
    }

    private func located<Value>(_ node: YNode, _ read: (YNode) -> Value?) -> Located<Value>? {
        read(node).map { Located($0, at: node.location) }
    }

    /// `choose: SMS` (a label) or `choose: 1` (a 0-based index).
    private func choice(_ node: YNode, _ what: String) -> Located<ChoiceSelector>? {
        if node.isIntegerScalar, let index = context.int(node, what, in: NumberRanges.choiceIndex) {
            return Located(.index(index), at: node.location)
        }
        guard node.isStringScalar, let label = node.scalarText else {
            context.error("\(what) must be an option label or a 0-based index, found \(node.kindDescription)", at: node)
            return nil
        }
        return Located(.label(label), at: node.location)
    }

    /// A mapping kept as JSON; strings inside may hold templates, which are checked here.
    private func jsonMapping(_ node: YNode, _ what: String) -> Located<JSONValue>? {
        guard node.mapping(what) != nil else { return nil }
        context.templates.checkTemplates(nestedIn: node)
        return Located(node.json, at: node.location)
    }

    /// `profile: browser | ios | android`: the shape of that SDK's device collector.
    private func profileShape(_ node: YNode, _ what: String) -> Located<JSONValue>? {
        context.oneOf(DeviceProfileShape.allCases.map(\.rawValue), node, what).map {
            Located(.string($0), at: node.location)
        }
    }

    /// `inputs: { IDToken1token: abc, clientError: "" }`, in file order.
    private func inputs(_ node: YNode, _ what: String) -> [(name: String, value: ValueSpec)] {
        guard let mapping = node.mapping(what) else { return [] }
        return mapping.entries.compactMap { entry in
            context.valueSpec(entry.value, "\(what).\(entry.key)").map { (entry.key, $0) }
        }
    }
}

import JourneyCore

/// Reads `expect:` — the callbacks of each step and the typed outcome.
struct ExpectReader {
    let context: ScriptLoadContext

    func expect(_ node: YNode) -> ExpectSpec {
        var expect = ExpectSpec(location: node.location)
        guard let mapping = node.mapping("expect") else { return expect }
        mapping.allowOnly(ScriptKeys.expect)
        if let steps = mapping[ScriptKeys.Expect.steps], let items = steps.sequence("expect.steps") {
            expect.steps = items.enumerated().compactMap { stepExpectation($1, "expect.steps[\($0)]") }
        }
        if let outcome = mapping[ScriptKeys.Expect.outcome], let value = self.outcome(outcome) {
            expect.outcome = value
            expect.outcomeLocation = outcome.location
        }
        expect.tokens = mapping[ScriptKeys.Expect.tokens].flatMap(OAuthReader(context: context).tokensExpectation)
        expect.challenge = mapping[ScriptKeys.Expect.challenge].flatMap(
            RakutenReader(context: context).challengeExpectation)
        if let node = mapping[ScriptKeys.Expect.singleUse], let flag = node.bool("expect.singleUse") {
            expect.singleUse = Located(flag, at: node.location)
        }
        return expect
    }

    /// `[NameCallback, PasswordCallback]` or `{ callbacks: [...], stage, header, outputs }`.
    private func stepExpectation(_ node: YNode, _ what: String) -> StepExpectation? {
        if node.isSequence {
            return callbackTypes(node, what).map { StepExpectation(callbacks: $0, location: node.location) }
        }
        guard node.isMapping, let mapping = node.mapping(what) else {
            context.error(
                "\(what) must be a list of callback types or a mapping with 'callbacks', found \(node.kindDescription)",
                at: node)
            return nil
        }
        mapping.allowOnly(ScriptKeys.step, in: what)
        let callbacks = context.required(ScriptKeys.Step.callbacks, in: mapping, what, accepted: ScriptKeys.step.names)
            .flatMap {
                callbackTypes($0, "\(what).callbacks")
            }
        var step = StepExpectation(callbacks: callbacks ?? [], location: node.location)
        step.stage = mapping[ScriptKeys.Step.stage].flatMap { context.pattern($0, "\(what).stage") }
        step.header = mapping[ScriptKeys.Step.header].flatMap { context.pattern($0, "\(what).header") }
        if let outputs = mapping[ScriptKeys.Step.outputs], let outputMapping = outputs.mapping("\(what).outputs") {
            step.outputs = outputMapping.entries.compactMap { outputCheck($0, what) }
        }
        return callbacks == nil ? nil : step
    }

    private func callbackTypes(_ node: YNode, _ what: String) -> [String]? {
        guard let items = node.sequence(what) else { return nil }
        let types = items.compactMap {
            context.typeCheck.callbackType($0, "each item of \(what) (a callback type)")?.value
        }
        return types.count == items.count ? types : nil
    }

    /// `ChoiceCallback.choices: [Email, SMS]` or `TextOutputCallback.message: /Welcome/`.
    private func outputCheck(_ entry: YMapping.Entry, _ what: String) -> OutputCheck? {
        let parts = entry.key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            context.error(
                "output check '\(entry.key)' must be written Type.output", at: entry.keyNode,
                hint: "for example ChoiceCallback.choices")
            return nil
        }
        context.typeCheck.warnIfUnknown(callbackType: parts[0], at: entry.keyNode)
        let expected: OutputCheck.Expected
        if entry.value.isStringScalar, let text = entry.value.scalarText, text.hasPrefix("/") {
            guard let pattern = context.pattern(entry.value, "\(what).outputs.\(entry.key)") else { return nil }
            expected = .matches(pattern)
        } else {
            expected = .equals(entry.value.json)
        }
        return OutputCheck(
            callbackType: parts[0], output: parts[1], expected: expected, location: entry.keyNode.location)
    }
}

import JourneyCore

/// A page to send: callbacks in order plus the Page node's text.
struct PageOutput: Sendable {
    var callbacks: [AMCallback]
    var text: PageText
}

/// Turns callback specs into wire callbacks, numbering inputs `IDToken<N><suffix>` (or the `name` an input declares).
struct PageRenderer {
    let numbering: SimulatorSettings.InputNumbering
    var quirks = SimulatorQuirks()

    /// What a re-rendered callback shows: the client's input values and any failed policies.
    struct Overrides {
        var inputs: [String: JSONValue] = [:]
        var failedPolicies: [String]?
        var value: JSONValue?
    }

    func render(
        _ specs: [CallbackSpec], text: PageText, emitIds: Bool, overrides: [Int: Overrides] = [:]
    ) -> PageOutput {
        var callbacks: [AMCallback] = []
        callbacks.reserveCapacity(specs.count)
        var inputCount = 0
        for (index, spec) in specs.enumerated() {
            var callback = AMCallback(type: spec.type, output: spec.outputs)
            if quirks.kbaWithoutAllowUserDefinedQuestions, spec.hasType(.kbaCreate) {
                callback.output.removeAll { $0.name == "allowUserDefinedQuestions" }
            }
            let override = overrides[index]
            if spec.hasInputs {
                inputCount += 1
                let number = numbering == .inputs ? inputCount : index + 1
                callback.input = spec.inputs.map { input in
                    let name = spec.inputNames[input.suffix] ?? "IDToken\(number)\(input.suffix)"
                    return NameValue(name: name, value: override?.inputs[name] ?? input.value)
                }
            }
            if let override {
                if let failed = override.failedPolicies,
                    let position = callback.output.firstIndex(where: { $0.name == "failedPolicies" })
                {
                    callback.output[position].value = .array(failed.map(JSONValue.string))
                }
                if let value = override.value, let position = callback.output.firstIndex(where: { $0.name == "value" })
                {
                    callback.output[position].value = value
                }
            }
            if emitIds { callback.id = .int(index) }
            callbacks.append(callback)
        }
        return PageOutput(callbacks: callbacks, text: text)
    }

    /// A single-callback page built from the registry's defaults with some outputs set.
    static func spec(_ type: CallbackType, _ outputs: [String: JSONValue]) -> CallbackSpec {
        let entry = PageDefaults.of(type.wireName)
        let values = (entry?.outputs ?? []).map { NameValue(name: $0.name, value: outputs[$0.name] ?? $0.value) }
        return CallbackSpec(
            type: type.wireName, outputs: values, inputs: entry?.inputs ?? [], store: nil, policies: [],
            attributeName: nil)
    }
}

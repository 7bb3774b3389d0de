import JourneyCore
import JourneyFormat

/// Callback types the catalogue does not know: `inputs` by full name (`IDToken1token`) or by
/// suffix (`token`; `""` is the bare `IDToken1`), `value` when the callback has exactly one
/// input, `clientError` where such an input exists (the generic rule). Values take the JSON
/// type of the input's pre-filled value when they convert to it.
package enum CustomCallbackAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let answer = context.answer
        if !answer.inputs.isEmpty {
            try await NamedInputs.write(answer.inputs, into: &draft, context)
        } else if let value = answer.value {
            let inputs = draft.inputNames
            guard inputs.count == 1 else {
                let which = inputs.isEmpty ? "no inputs" : "inputs \(inputs.joined(separator: ", "))"
                throw context.error("\(draft.subject) has \(which); value needs exactly one (use inputs: to name them)")
            }
            try await NamedInputs.write([(inputs[0], value)], into: &draft, context)
        } else if answer.clientError == nil {
            try context.requireAnswer(draft, expected: "value, inputs or clientError")
        }
    }
}

/// AppIntegrityCallback (iOS App Attest or Android Play Integrity): a runner has no attestation,
/// so it sends `clientError` (Unsupported, ClientDeviceErrors...) or explicit `inputs`.
enum AppIntegrityAnswerer: CallbackAnswerer {
    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if !context.answer.inputs.isEmpty {
            try await NamedInputs.write(context.answer.inputs, into: &draft, context)
        } else if context.answer.clientError == nil {
            try context.requireAnswer(draft, expected: "clientError (Unsupported, ClientDeviceErrors...) or inputs")
        }
    }
}

/// The `inputs` option: values for inputs named in full or by suffix.
enum NamedInputs {
    static func write(
        _ inputs: [(name: String, value: ValueSpec)], into draft: inout CallbackDraft, _ context: AnswerContext
    ) async throws(RunError) {
        for (name, spec) in inputs {
            let inputName = try draft.inputName(named: name, context)
            let resolved = try await context.resolve(spec)
            let current = draft.callback.input?.first(where: { $0.name == inputName })?.value ?? .null
            let secret = context.secretName(
                of: resolved, spec: spec,
                fallback: CallbackCatalogue.secretName(
                    forInputSuffix: AMCallback.suffix(of: inputName), in: draft.original))
            draft.write(
                spec.isNull ? .null : shaped(resolved.json, like: current), inputNamed: inputName, secretName: secret,
                redactor: context.redactor)
        }
    }

    /// `value` converted to the JSON type of `template` when it converts; else as it is.
    static func shaped(_ value: JSONValue, like template: JSONValue) -> JSONValue {
        switch template {
        case .string: return .string(ValueConversion.text(value))
        case .bool: return ValueConversion.bool(value).map(JSONValue.bool) ?? value
        case .int, .double: return ValueConversion.number(value) ?? value
        default: return value
        }
    }
}

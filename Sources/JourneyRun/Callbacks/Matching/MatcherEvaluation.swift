import JourneyCore
import JourneyFormat

extension Matcher {
    /// True when every criterion holds for the callback at `index` of the step.
    /// `type` names the wire type or the callback's special form (`WebAuthnRegistrationCallback`);
    /// `occurrence` counts callbacks answering to that type (or to the wire type when `type` is nil).
    func matches(callbackAt index: Int, in layout: StepLayout) -> Bool {
        let callback = layout.step.callbacks[index]
        if let type, !layout.typeNames(at: index).contains(type.value) { return false }
        if let prompt, !(callback.prompt.map(prompt.matches) ?? false) { return false }
        for output in outputs {
            guard let text = callback.outputText(output.name), output.pattern.matches(text) else { return false }
        }
        if let callbackId, callback.id?.intValue != callbackId { return false }
        if let hiddenId {
            guard callback.hasType(.hiddenValue), let id = callback.output("id")?.stringValue,
                hiddenId.matches(id)
            else { return false }
        }
        if let stage, !(layout.step.stage.map(stage.matches) ?? false) { return false }
        if let step, step != layout.number { return false }
        if let occurrence, layout.occurrence(of: index, as: type?.value ?? callback.type) != occurrence {
            return false
        }
        return true
    }
}

extension AMCallback {
    /// The display text of an output by name. A dotted name reaches into an object output
    /// when no output has that exact name: `data._action` in a MetadataCallback.
    func outputText(_ name: String) -> String? {
        if let value = output(name) { return value.displayText }
        let path = name.split(separator: ".").map(String.init)
        guard path.count > 1, var value = output(path[0]) else { return nil }
        for key in path.dropFirst() {
            guard let next = value[key] else { return nil }
            value = next
        }
        return value.displayText
    }
}

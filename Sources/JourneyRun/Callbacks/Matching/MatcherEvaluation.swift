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

extension Matcher {
    /// Why the matcher does not hold for the callback at `index` (its first criterion that does
    /// not), for an unhandled-callback message; `nil` when it holds. Server text is escaped.
    func mismatch(callbackAt index: Int, in layout: StepLayout) -> String? {
        let callback = layout.step.callbacks[index]
        if let type, !layout.typeNames(at: index).contains(type.value) {
            return "type is \(Self.shown(callback.type)), not \(type.value)"
        }
        if let prompt {
            guard let text = callback.prompt else { return "the callback has no prompt" }
            if !prompt.matches(text) { return "prompt is \(Self.quoted(text)), not \(prompt)" }
        }
        for output in outputs {
            guard let text = callback.outputText(output.name) else {
                return "the callback has no output \(output.name)"
            }
            if !output.pattern.matches(text) {
                return "output \(output.name) is \(Self.quoted(text)), not \(output.pattern)"
            }
        }
        if let callbackId, callback.id?.intValue != callbackId {
            return callback.id.map { "_id is \(Self.shown($0.displayText)), not \(callbackId)" }
                ?? "the callback has no _id"
        }
        if let hiddenId {
            guard callback.hasType(.hiddenValue) else { return "not a HiddenValueCallback" }
            let id = callback.output("id")?.stringValue ?? ""
            if !hiddenId.matches(id) { return "id is \(Self.quoted(id)), not \(hiddenId)" }
        }
        if let stage {
            guard let text = layout.step.stage else { return "the step has no stage" }
            if !stage.matches(text) { return "stage is \(Self.quoted(text)), not \(stage)" }
        }
        if let step, step != layout.number { return "this is step \(layout.number), not \(step)" }
        if let occurrence {
            let name = type?.value ?? callback.type
            let actual = layout.occurrence(of: index, as: name)
            if actual != occurrence {
                return "this is \(Self.shown(name)) \(actual) of its step, not \(occurrence)"
            }
        }
        return nil
    }

    /// Server text on one line, control characters escaped, quoted.
    static func quoted(_ text: String) -> String { "\"\(shown(text))\"" }

    static func shown(_ text: String) -> String { VisibleText.escaped(text) }
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

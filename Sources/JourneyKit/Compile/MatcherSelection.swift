import JourneyCore

extension Matcher {
    /// Whether this matcher selects `callback`, the `occurrence`-th of its type in `step`
    /// (round trip `stepNumber`). Every given criterion must hold.
    public func selects(_ callback: AMCallback, occurrence: Int, in step: AMStep, stepNumber: Int) -> Bool {
        if let type, type.value != callback.type { return false }
        if let prompt, !prompt.matches(callback.prompt ?? "") { return false }
        for output in outputs {
            guard let value = callback.output(output.name), output.pattern.matches(value.displayText) else { return false }
        }
        if let callbackId, callback.id?.intValue != callbackId { return false }
        if let hiddenId {
            guard callback.type == "HiddenValueCallback", hiddenId.matches(callback.output("id")?.displayText ?? "")
            else { return false }
        }
        if let stage, !stage.matches(step.stage ?? "") { return false }
        if let wanted = self.step, wanted != stepNumber { return false }
        if let wanted = self.occurrence, wanted != occurrence { return false }
        return true
    }
}

import JourneyCore

/// Picks the handler for a callback: the first in script order whose matcher holds.
///
/// A handler that names no type only answers callbacks that would otherwise go unanswered
/// (those without a built-in default), and HiddenValueCallbacks when it matches on `hiddenId`:
/// a bare `{ stage: Login }` matcher must not overwrite hidden values or echo output callbacks.
struct HandlerSelection: Sendable {
    let handlers: [ActiveHandler]
    let layout: StepLayout

    /// The first handler matching the callback at `index`, or `nil`.
    func handler(forCallbackAt index: Int) -> ActiveHandler? {
        let hasDefault = BuiltInDefault(callbackAt: index, in: layout) != nil
        let isHidden = layout.step.callbacks[index].hasType(.hiddenValue)
        // Read in place: copying each handler and its matcher was most of this function's cost.
        for position in handlers.indices {
            if handlers[position].spec.matcher.type == nil, hasDefault,
                !(isHidden && handlers[position].spec.matcher.hiddenId != nil)
            {
                continue
            }
            if handlers[position].spec.matcher.matches(callbackAt: index, in: layout) { return handlers[position] }
        }
        return nil
    }
}

import JourneyCore

/// The answer to one step: the body to POST back and what the trace shows about it.
package struct StepAnswer: Sendable {
    /// The step to POST back: identical to what came, only input values changed, unknown fields kept.
    package var step: AMStep
    /// One per callback, in order: type, prompt, who answered, inputs (redacted), notes.
    package var callbacks: [CallbackTrace]
    /// Input callbacks no handler matched. Each names the step (in `step`), the callback type,
    /// its prompt and the handlers tried; `description` reads `step 2: no handler for …`.
    package var unhandled: [ExpectationFailure]
    /// True when the Polling Wait node's "Exit" option is chosen in this step (a handler said
    /// `exit: true` on the PollingWaitCallback, or chose an option on its ConfirmationCallback):
    /// the driver posts at once instead of waiting `waitTime`.
    package var exitPolling: Bool

    package init(step: AMStep, callbacks: [CallbackTrace], unhandled: [ExpectationFailure], exitPolling: Bool) {
        self.step = step
        self.callbacks = callbacks
        self.unhandled = unhandled
        self.exitPolling = exitPolling
    }
}

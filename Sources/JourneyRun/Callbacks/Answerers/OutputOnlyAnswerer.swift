import JourneyCore

/// Output-only callbacks (TextOutput, plain Metadata, SuspendedTextOutput, Redirect, PollingWait):
/// always echoed. `exit: true` on a PollingWaitCallback takes the Polling Wait node's "Exit"
/// option (written into the ConfirmationCallback beside it); `resume` is the driver's business.
enum OutputOnlyAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .none }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let answer = context.answer
        if let exit = answer.exit, exit.value {
            guard draft.type == CallbackType.pollingWait.wireName else {
                throw context.error("exit applies to a PollingWaitCallback, not to \(draft.subject)")
            }
            draft.exitRequested = true
        }
        let inapplicable = answer.setOptions.map(\.key).filter { !["exit", "resume", "echo"].contains($0) }
        if let option = inapplicable.first {
            throw context.error("\(draft.subject) has no inputs; \(option) does not apply to it")
        }
    }
}

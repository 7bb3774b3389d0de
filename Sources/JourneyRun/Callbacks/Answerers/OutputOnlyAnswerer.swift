import JourneyCore

/// Output-only callbacks (TextOutput, plain Metadata, SuspendedTextOutput, Redirect, PollingWait):
/// echoed, inputs as received when one carries some, unless `value` sets its main input. `exit: true`
/// on a PollingWaitCallback takes the Polling Wait node's "Exit" option (written into the
/// ConfirmationCallback beside it); `resume` is the driver's business.
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
        let hasInputs = !draft.inputNames.isEmpty
        let applicable = ["exit", "resume", "echo", "input", "keep"] + (hasInputs ? ["value"] : [])
        if let option = answer.setOptions.map(\.key).first(where: { !applicable.contains($0) }) {
            let why = hasInputs ? "" : " has no inputs;"
            throw context.error("\(draft.subject)\(why) \(option) does not apply to it")
        }
        if let value = answer.value, hasInputs { try await context.writeText(value, suffix: "", into: &draft) }
    }
}

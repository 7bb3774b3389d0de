import JourneyCore

/// A callback the run's SDK has no class for: the app could not answer the step, so the run
/// fails there, naming the SDK and the type (the registry's types only: see `SDKProfile.unanswered`).
package enum SDKProfileSupport {
    /// One failure per callback type of `step` that `sdk` cannot answer.
    package static func failures(in step: AMStep, sdk: SDKProfile?, stepNumber: Int) -> [ExpectationFailure] {
        guard let sdk else { return [] }
        var seen: Set<CallbackType> = []
        var failures: [ExpectationFailure] = []
        for callback in step.callbacks {
            guard let type = CallbackType(wireName: callback.type), !sdk.answers(type), seen.insert(type).inserted
            else { continue }
            failures.append(ExpectationFailure(sdk.cannotAnswerMessage(type.wireName), step: stepNumber))
        }
        return failures
    }
}

import JourneyCore
import JourneyFormat

/// Answers every callback of a step with the script's handler chain.
package enum StepAnswerer {
    /// Answers `step` (round trip `stepNumber`, counted from 1): each callback gets the first
    /// matching handler's answer or its built-in default; an input callback with neither is
    /// reported in `unhandled` (not thrown). Throws a script `RunError` when a handler's answer
    /// does not fit what the server sent (an unknown choice, a missing input, a failing value).
    /// With `sdk`, each answer is what that SDK posts (`SDKProfileAnswers`).
    package static func answer(
        _ step: AMStep, stepNumber: Int, handlers: [HandlerSpec], environment: some AnswerEnvironment,
        sdk: SDKProfile? = nil
    ) async throws(RunError) -> StepAnswer {
        try await answer(
            step, stepNumber: stepNumber, handlers: HandlerChain(handlers), environment: environment, sdk: sdk)
    }

    /// Answers `step` with a compiled handler chain (answerers bound once per script).
    static func answer(
        _ step: AMStep, stepNumber: Int, handlers: HandlerChain, environment: some AnswerEnvironment,
        sdk: SDKProfile? = nil
    ) async throws(RunError) -> StepAnswer {
        var answering = StepAnswering(
            step: step, stepNumber: stepNumber, handlers: handlers, environment: environment, sdk: sdk)
        return try await answering.run()
    }
}

import JourneyCore
import JourneyFormat

extension JourneyLoopStateMachine {
    /// The request the driver builds and sends next.
    enum NextRequest {
        /// The journey's first request, built by the driver before the loop starts.
        case first
        /// The step, its callbacks answered, posted back to the continue URL.
        case answer(AMStep)
        /// A resume with the `suspendedId` the resume handler's value gave.
        case resume(suspendedId: String)
    }

    /// What the driver does next; each action but `end` and `fail` names the event it reports
    /// back when done. An error the driver meets on the way ends the loop (see `unrecordedTrace`).
    enum Action {
        /// Send `request` as round trip `step`; report `received(_:exchange:of:)`.
        case send(NextRequest, step: Int)
        /// Take the response-level `captures:` (body members, headers); report `responseCaptured()`.
        case captureResponse(JSONValue, headers: [HeaderField], step: Int)
        /// Register `recoveryCodes` as secrets (before anything can show them), then check the
        /// step against `expect.steps`; report `stepChecked(_:)` with the failures.
        case checkStep(AMStep, recoveryCodes: [String], step: Int)
        /// Take the step-level `captures:`; report `stepCaptured()`.
        case captureStep(AMStep, step: Int)
        /// Resolve the resume handler's value (it may wait for mail); report `resumeResolved(suspendedId:)`.
        case resolveResume(ValueSpec)
        /// Answer the step's callbacks with the handler chain; report `answered(_:)`.
        case answer(AMStep, step: Int)
        /// Wait on the run's clock (a PollingWaitCallback); report `waited()`.
        case wait(seconds: Double, step: Int)
        /// Record the step's trace; report `recorded()`.
        case record(StepTrace)
        /// The journey ended. A failure's `detail` is as the server sent it: the driver redacts it.
        case end(JourneyEnd)
        /// The journey cannot go on: the run throws `error` (after recording `unrecordedTrace`).
        case fail(RunError)
    }
}

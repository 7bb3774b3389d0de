import JourneyCore

/// The checks a run makes as it goes: `expect.steps` against each step with callbacks (counted
/// in the session's state), and the limits.
struct StepChecks {
    let session: RunSession

    /// Counts a step with callbacks and checks it against the `expect.steps` entry of its position.
    func checkStep(_ step: AMStep, number: Int) -> [ExpectationFailure] {
        let index = session.withState { state -> Int in
            state.callbackStepCount += 1
            return state.callbackStepCount - 1
        }
        guard let expected = session.script.expect.steps else { return [] }
        guard index < expected.count else {
            return [
                ExpectationFailure(
                    "unexpected step with [\(step.callbacks.map(\.type).joined(separator: ", "))]: expect.steps lists \(expected.count)",
                    step: number, location: session.script.expect.location)
            ]
        }
        return ExpectationChecker.check(
            step, number: number, against: expected[index], replay: session.configuration.offline)
    }

    /// The failure when the run saw fewer steps with callbacks than `expect.steps` lists.
    func checkStepCount() -> [ExpectationFailure] {
        let seen = session.withState { $0.callbackStepCount }
        guard let expected = session.script.expect.steps, seen < expected.count else { return [] }
        let missing = expected[seen...].map { "[\($0.callbacks.joined(separator: ", "))]" }
        return [
            ExpectationFailure(
                "expected \(Plural.count(expected.count, "step")) with callbacks, got \(seen); missing \(missing.joined(separator: ", "))",
                location: expected[seen].location)
        ]
    }

    /// The failure when `what` went past `limits.maxSteps` after `step`; the caller then stops its phase.
    func stepLimitFailure(after step: Int, what: String) -> ExpectationFailure {
        Self.stepLimitFailure(after: step, what: what, maxSteps: session.script.limits.maxSteps)
    }

    static func stepLimitFailure(after step: Int, what: String, maxSteps: Int) -> ExpectationFailure {
        ExpectationFailure("\(what) did not end within \(maxSteps) round trips (limits.maxSteps)", step: step)
    }
}

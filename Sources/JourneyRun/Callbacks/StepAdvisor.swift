import JourneyCore
import JourneyFormat

/// Gives handlers for a step as it arrives, tried before the script's own (`journey new`: the
/// person walking the journey answers each step; the runner's answerers then write the answers).
package protocol StepAdvisor: Sendable {
    /// Handlers for `step` (round trip `number`, counted from 1), first in the chain for that step.
    func handlers(for step: AMStep, number: Int) async throws(RunError) -> [HandlerSpec]
}

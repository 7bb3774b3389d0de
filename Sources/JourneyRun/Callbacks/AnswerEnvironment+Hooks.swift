import Foundation
import JourneyCore

/// Optional hooks with defaults, so an environment only implements what it can do better.
extension AnswerEnvironment {
    /// Default: string values in a structure (reCAPTCHA `payload`, DeviceProfile `profile`)
    /// are sent literally; `{{ }}` inside them is not evaluated.
    package func expandTemplates(in value: JSONValue) async throws(RunError) -> JSONValue { value }

    /// Default: one device per run, found by the run's redactor. An environment that owns its
    /// run's state should hold a `DeviceState` itself.
    package var deviceState: DeviceState { DeviceStateRegistry.state(for: redactor) }

    /// Default: no server known.
    package var serverOrigin: String? { nil }
}

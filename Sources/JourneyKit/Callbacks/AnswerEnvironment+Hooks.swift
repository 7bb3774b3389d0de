import Foundation
import JourneyCore

/// Optional hooks with defaults, so an environment only implements what it can do better.
extension AnswerEnvironment {
    /// Default: string values in a structure (reCAPTCHA `payload`, DeviceProfile `profile`)
    /// are sent literally; `{{ }}` inside them is not evaluated.
    public func expandTemplates(in value: JSONValue) async throws(RunError) -> JSONValue { value }

    /// Default: a new device per call. A driver must return one `DeviceState` for the whole
    /// run so the device id and binding keys stay the same across steps.
    public var deviceState: DeviceState { DeviceState() }
}

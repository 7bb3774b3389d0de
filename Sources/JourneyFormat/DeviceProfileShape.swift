import JourneyCore

/// The profile documents the Ping SDKs' device collectors send (`profile: browser | ios | android`):
/// the same members, with fixed values for a command-line runner and the run's device identifier.
/// `metadata` only when the callback asks for it, likewise `location`.
package enum DeviceProfileShape: String, Sendable, CaseIterable {
    /// The JavaScript SDK's FRDevice: no `version`, identifier `n-n-n`, timezone as an offset in minutes.
    case browser
    /// The iOS SDK's FRDeviceCollector: `version` 1.0, metadata.platform.timezone an identifier.
    case ios
    /// The Android SDK's FRDeviceCollector: `version` 1.0, metadata.platform.timeZone an identifier.
    case android
}

import JourneyCore

/// `device: { file: alice-device.json }`: the file the run's simulated device (its passkeys)
/// is read from at the start and written to at the end, so a later script signs in with a
/// passkey an earlier one registered.
public struct DeviceSpec: Sendable {
    /// The path as written, relative to the script's folder.
    public var file: Located<String>

    public init(file: Located<String>) {
        self.file = file
    }
}

import JourneyCore

/// `device: { file: alice-device.json }`: the file the run's simulated device (its passkeys)
/// is read from at the start and written to at the end, so a later script signs in with a
/// passkey an earlier one registered.
package struct DeviceSpec: Sendable {
    /// The path as written, relative to the script's folder.
    package var file: Located<String>
    /// The path as a template (`"{{ env.DEVICES }}/bob.json"`), resolved when the run starts.
    package var path: Template

    package init(file: Located<String>, path: Template? = nil) {
        self.file = file
        self.path = path ?? .literal(file.value, at: file.location)
    }
}

import JourneyCore

/// The passkey parsers of outside input, for the fuzz target: what AM sends and device files.
package enum PasskeyInputs {
    /// Reads `bytes` as `form` says: 0 and 1 a WebAuthn MetadataCallback `data` (registration,
    /// authentication), 2 and 3 AM's WebAuthn script, anything else a device file. Returns
    /// whether it was accepted.
    @discardableResult
    package static func read(_ bytes: [UInt8], form: UInt8) -> Bool {
        let ceremony: WebAuthnRequest.Ceremony = form % 2 == 0 ? .registration : .authentication
        switch form % 5 {
        case 0, 1:
            guard let json = try? JSONReader.parse(bytes) else { return false }
            return (try? WebAuthnRequestReader.read(metadata: json, ceremony: ceremony)) != nil
        case 2, 3:
            let script = String(decoding: bytes, as: UTF8.self)
            return (try? WebAuthnRequestReader.read(script: script, ceremony: ceremony)) != nil
        default:
            return (try? PasskeyDeviceFile.decode(bytes)) != nil
        }
    }
}

import JourneyCore

/// The outcome texts AM's WebAuthn nodes read from `webAuthnOutcome` (am-protocol.md §6), as
/// AM's script and the SDKs write them: byte fields as comma-separated signed 8-bit integers,
/// the credential id as base64url (the JS SDK's `credential.id`).
enum WebAuthnOutcomeText {
    /// `clientDataJSON::attestationObject::credentialId[::deviceName]`.
    static func registration(
        clientDataJSON: String, attestationObject: [UInt8], credentialId: String, deviceName: String?
    ) -> String {
        var parts = [clientDataJSON, Int8List.encode(attestationObject), credentialId]
        if let deviceName { parts.append(deviceName) }
        return parts.joined(separator: "::")
    }

    /// `clientDataJSON::authenticatorData::signature::credentialId[::userHandle]`.
    static func authentication(
        clientDataJSON: String, authenticatorData: [UInt8], signature: [UInt8], credentialId: String,
        userHandle: String?
    ) -> String {
        var parts = [clientDataJSON, Int8List.encode(authenticatorData), Int8List.encode(signature), credentialId]
        if let userHandle { parts.append(userHandle) }
        return parts.joined(separator: "::")
    }

    /// `{"authenticatorAttachment":"platform","legacyData":"…"}` for nodes with `supportsJsonResponse`.
    static func json(legacyData: String, authenticatorAttachment: String) -> String {
        var writer = JSONWriter(capacity: legacyData.utf8.count + 64)
        writer.object { members in
            members.member("authenticatorAttachment", string: authenticatorAttachment)
            members.member("legacyData", string: legacyData)
        }
        return writer.string
    }
}

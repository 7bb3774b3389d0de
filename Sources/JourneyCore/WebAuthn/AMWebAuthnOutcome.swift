/// The value a WebAuthn client writes into AM's `webAuthnOutcome` HiddenValueCallback
/// (am-protocol.md §6): `::`-separated fields, byte fields as `Int8List`s, optionally wrapped in
/// the JSON form a node offering `supportsJsonResponse` accepts.
package enum AMWebAuthnOutcome: Sendable, Hashable {
    /// `clientDataJSON::attestationObject::credentialId[::deviceName]`.
    case registration(clientDataJSON: String, attestationObject: [UInt8], credentialId: String, deviceName: String?)
    /// `clientDataJSON::authenticatorData::signature::credentialId[::userHandle]`.
    case authentication(
        clientDataJSON: String, authenticatorData: [UInt8], signature: [UInt8], credentialId: String,
        userHandle: String?)
    /// The browser has no WebAuthn.
    case unsupported
    /// `ERROR::<DOMException name>:<message>`.
    case error(name: String, message: String)

    /// Longer outcomes are rejected before they are read.
    package static let maxLength = 512 * 1024
    /// The longest credential id text: base64 of the 1023 bytes WebAuthn allows, with padding.
    package static let maxCredentialIdText = 1368
    /// The longest device name, user handle or error message kept.
    package static let maxTextField = 1024

    private static func checked(_ text: String, _ what: String, limit: Int = maxTextField)
        throws(WebAuthnWireError) -> String
    {
        guard text.utf8.count <= limit else { throw WebAuthnWireError("the outcome's \(what) exceeds \(limit) bytes") }
        return text
    }

    /// The legacy text form.
    package var text: String {
        switch self {
        case .registration(let clientData, let attestation, let credentialId, let deviceName):
            var fields = [clientData, Int8List.encode(attestation), credentialId]
            if let deviceName { fields.append(deviceName) }
            return fields.joined(separator: "::")
        case .authentication(let clientData, let authData, let signature, let credentialId, let userHandle):
            var fields = [clientData, Int8List.encode(authData), Int8List.encode(signature), credentialId]
            if let userHandle { fields.append(userHandle) }
            return fields.joined(separator: "::")
        case .unsupported:
            return "unsupported"
        case .error(let name, let message):
            return "ERROR::\(name):\(message)"
        }
    }

    /// The JSON form, `{"authenticatorAttachment":…,"legacyData":…}`; errors stay plain text, as
    /// the SDKs send them.
    package func jsonText(attachment: String = "platform") -> String {
        switch self {
        case .unsupported, .error: return text
        case .registration, .authentication:
            var writer = JSONWriter(capacity: 1024)
            writer.object { members in
                members.member("authenticatorAttachment", string: attachment)
                members.member("legacyData", string: text)
            }
            return writer.string
        }
    }

    /// Reads an outcome in either form. `registration` says which ceremony the node ran, since
    /// the two success forms are told apart only by their field count and meaning.
    package static func parse(
        _ value: String, registration: Bool
    ) throws(WebAuthnWireError) -> (outcome: AMWebAuthnOutcome, attachment: String?) {
        guard value.utf8.count <= maxLength else { throw WebAuthnWireError("the outcome exceeds \(maxLength) bytes") }
        var text = value
        var attachment: String?
        // The text form starts with clientDataJSON, so only a whole JSON object is the JSON form.
        if value.first == "{", let json = try? JSONReader.parse(value) {
            guard let legacy = json["legacyData"]?.stringValue else {
                throw WebAuthnWireError("the JSON outcome has no legacyData string")
            }
            text = legacy
            attachment = json["authenticatorAttachment"]?.stringValue
        }
        if text == "unsupported" { return (.unsupported, attachment) }
        if text.hasPrefix("ERROR::") {
            let rest = text.dropFirst("ERROR::".count)
            let name = rest.prefix { $0 != ":" }
            let message = rest.dropFirst(name.count).drop { $0 == ":" }
            return (
                .error(
                    name: try checked(String(name), "error name"),
                    message: try checked(String(message), "error message")),
                attachment
            )
        }
        let fields = text.components(separatedBy: "::")
        if registration {
            guard fields.count == 3 || fields.count == 4 else {
                throw WebAuthnWireError("a registration outcome has 3 or 4 '::' fields, this one has \(fields.count)")
            }
            let attestation = try Int8List.decode(Substring(fields[1]))
            return (
                .registration(
                    clientDataJSON: fields[0], attestationObject: attestation,
                    credentialId: try checked(fields[2], "credential id", limit: maxCredentialIdText),
                    deviceName: fields.count == 4 ? try checked(fields[3], "device name") : nil),
                attachment
            )
        }
        guard fields.count == 4 || fields.count == 5 else {
            throw WebAuthnWireError("an authentication outcome has 4 or 5 '::' fields, this one has \(fields.count)")
        }
        let authData = try Int8List.decode(Substring(fields[1]))
        let signature = try Int8List.decode(Substring(fields[2]))
        return (
            .authentication(
                clientDataJSON: fields[0], authenticatorData: authData, signature: signature,
                credentialId: try checked(fields[3], "credential id", limit: maxCredentialIdText),
                userHandle: fields.count == 5 ? try checked(fields[4], "user handle") : nil),
            attachment
        )
    }
}

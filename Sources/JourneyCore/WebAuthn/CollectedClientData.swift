/// The client data a browser collects and signs over (WebAuthn §5.8.1), as `clientDataJSON`.
package struct CollectedClientData: Sendable, Hashable {
    /// `webauthn.create` for registration, `webauthn.get` for authentication.
    package var type: String
    /// The relying party's challenge, base64url without padding.
    package var challenge: String
    /// The caller's origin, `scheme://host[:port]`.
    package var origin: String
    package var crossOrigin: Bool

    package static let registrationType = "webauthn.create"
    package static let authenticationType = "webauthn.get"
    /// Larger client data is rejected before it is parsed.
    package static let maxLength = 16 * 1024

    package init(type: String, challenge: String, origin: String, crossOrigin: Bool = false) {
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
    }

    /// The JSON text, members in the order browsers write them (§5.8.1.1).
    package var json: String {
        var writer = JSONWriter(capacity: 256)
        writer.object { members in
            members.member("type", string: type)
            members.member("challenge", string: challenge)
            members.member("origin", string: origin)
            members.member("crossOrigin", .bool(crossOrigin))
        }
        return writer.string
    }

    /// Reads client data JSON; `type`, `challenge` and `origin` must be strings.
    package static func parse(_ text: String) throws(WebAuthnWireError) -> CollectedClientData {
        guard text.utf8.count <= maxLength else {
            throw WebAuthnWireError("client data JSON exceeds \(maxLength) bytes")
        }
        let value: JSONValue
        do {
            value = try JSONReader.parse(text)
        } catch {
            throw WebAuthnWireError("client data is not JSON: \(error)")
        }
        guard let type = value["type"]?.stringValue else { throw WebAuthnWireError("client data has no type") }
        guard let challenge = value["challenge"]?.stringValue else {
            throw WebAuthnWireError("client data has no challenge")
        }
        guard let origin = value["origin"]?.stringValue else { throw WebAuthnWireError("client data has no origin") }
        return CollectedClientData(
            type: type, challenge: challenge, origin: origin, crossOrigin: value["crossOrigin"]?.boolValue ?? false)
    }
}

/// An attestation object (WebAuthn §6.5.4): `{fmt, attStmt, authData}` in CBOR.
package struct AttestationObject: Sendable, Hashable {
    /// `none` or `packed` (the formats this project writes and verifies), or another the reader met.
    package var format: String
    package var statement: CBORValue
    /// The authenticator data bytes, signed as they are.
    package var authenticatorData: [UInt8]

    package init(format: String, statement: CBORValue, authenticatorData: [UInt8]) {
        self.format = format
        self.statement = statement
        self.authenticatorData = authenticatorData
    }

    /// `none` attestation: an empty statement.
    package static func none(_ authenticatorData: [UInt8]) -> AttestationObject {
        AttestationObject(format: "none", statement: .map([]), authenticatorData: authenticatorData)
    }

    /// `packed` self attestation (§8.2): the credential's own key signs
    /// `authenticatorData ‖ SHA-256(clientDataJSON)`; no `x5c`.
    package static func packedSelf(
        _ authenticatorData: [UInt8], algorithm: COSEAlgorithm, signature: [UInt8]
    ) -> AttestationObject {
        AttestationObject(
            format: "packed",
            statement: .map([(.text("alg"), .int(algorithm.rawValue)), (.text("sig"), .bytes(signature))]),
            authenticatorData: authenticatorData)
    }

    /// The CBOR bytes, keys in CTAP2 canonical order (`fmt`, `attStmt`, `authData`).
    package func encoded() -> [UInt8] {
        CBORWriter.encode(
            .map([
                (.text("fmt"), .text(format)), (.text("attStmt"), statement),
                (.text("authData"), .bytes(authenticatorData)),
            ]))
    }

    package static func parse(_ bytes: [UInt8]) throws(WebAuthnWireError) -> AttestationObject {
        let value: CBORValue
        do {
            value = try CBORReader.decode(bytes)
        } catch {
            throw WebAuthnWireError("the attestation object is not CBOR: \(error)")
        }
        guard let format = value[text: "fmt"]?.textValue else {
            throw WebAuthnWireError("the attestation object has no fmt")
        }
        guard let statement = value[text: "attStmt"], case .map = statement else {
            throw WebAuthnWireError("the attestation object has no attStmt map")
        }
        guard let authData = value[text: "authData"]?.bytesValue else {
            throw WebAuthnWireError("the attestation object has no authData bytes")
        }
        return AttestationObject(format: format, statement: statement, authenticatorData: authData)
    }
}

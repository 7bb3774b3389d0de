/// The credential part of registration authenticator data (WebAuthn §6.5.1).
package struct AttestedCredentialData: Sendable, Hashable {
    /// The authenticator model's 16-byte AAGUID (zeros for "none" attestation).
    package var aaguid: [UInt8]
    package var credentialId: [UInt8]
    package var publicKey: COSEKey

    package init(aaguid: [UInt8] = [UInt8](repeating: 0, count: 16), credentialId: [UInt8], publicKey: COSEKey) {
        self.aaguid = aaguid
        self.credentialId = credentialId
        self.publicKey = publicKey
    }
}

/// Authenticator data (WebAuthn §6.1): `rpIdHash(32) ‖ flags(1) ‖ signCount(4, big endian)`,
/// then the attested credential data when AT is set and a CBOR extensions map when ED is set.
package struct AuthenticatorData: Sendable, Hashable {
    package var rpIdHash: [UInt8]
    package var flags: AuthenticatorFlags
    package var signCount: UInt32
    package var attestedCredential: AttestedCredentialData?
    package var extensions: CBORValue?

    /// Credential ids longer than this are rejected (WebAuthn §6.5.1 caps them at 1023 bytes).
    package static let maxCredentialIdLength = 1023

    package init(
        rpIdHash: [UInt8], flags: AuthenticatorFlags, signCount: UInt32,
        attestedCredential: AttestedCredentialData? = nil, extensions: CBORValue? = nil
    ) {
        self.rpIdHash = rpIdHash
        self.flags = flags
        self.signCount = signCount
        self.attestedCredential = attestedCredential
        self.extensions = extensions
    }

    /// The bytes, with AT and ED set exactly when their parts are present.
    package func encoded() -> [UInt8] {
        var flags = self.flags.subtracting([.attestedCredentialData, .extensionData])
        if attestedCredential != nil { flags.insert(.attestedCredentialData) }
        if extensions != nil { flags.insert(.extensionData) }
        var out = rpIdHash
        out.append(flags.rawValue)
        out += [
            UInt8(signCount >> 24 & 0xFF), UInt8(signCount >> 16 & 0xFF), UInt8(signCount >> 8 & 0xFF),
            UInt8(signCount & 0xFF),
        ]
        if let credential = attestedCredential {
            out += credential.aaguid
            out += [UInt8(credential.credentialId.count >> 8 & 0xFF), UInt8(credential.credentialId.count & 0xFF)]
            out += credential.credentialId
            out += credential.publicKey.encoded()
        }
        if let extensions { out += CBORWriter.encode(extensions) }
        return out
    }

    /// Reads authenticator data; every length is checked against the bytes present.
    package static func parse(_ bytes: [UInt8]) throws(WebAuthnWireError) -> AuthenticatorData {
        guard bytes.count >= 37 else {
            throw WebAuthnWireError("authenticator data is \(bytes.count) bytes, shorter than the 37 it must have")
        }
        let flags = AuthenticatorFlags(rawValue: bytes[32])
        let signCount = bytes[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var index = 37
        var attested: AttestedCredentialData?
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= index + 18 else { throw WebAuthnWireError("attested credential data is cut short") }
            let aaguid = Array(bytes[index..<index + 16])
            let length = Int(bytes[index + 16]) << 8 | Int(bytes[index + 17])
            index += 18
            guard length <= maxCredentialIdLength else {
                throw WebAuthnWireError("credential id of \(length) bytes exceeds \(maxCredentialIdLength)")
            }
            guard bytes.count >= index + length else { throw WebAuthnWireError("credential id is cut short") }
            let credentialId = Array(bytes[index..<index + length])
            index += length
            let (keyValue, keyLength): (CBORValue, Int)
            do {
                (keyValue, keyLength) = try CBORReader.decodePrefix(Array(bytes[index...]))
            } catch {
                throw WebAuthnWireError("credential public key is not CBOR: \(error)")
            }
            index += keyLength
            attested = AttestedCredentialData(
                aaguid: aaguid, credentialId: credentialId, publicKey: try COSEKey.parse(keyValue))
        }
        var extensions: CBORValue?
        if flags.contains(.extensionData) {
            do {
                let (value, length) = try CBORReader.decodePrefix(Array(bytes[index...]))
                extensions = value
                index += length
            } catch {
                throw WebAuthnWireError("extensions are not CBOR: \(error)")
            }
        }
        guard index == bytes.count else {
            throw WebAuthnWireError("authenticator data has \(bytes.count - index) bytes after its last part")
        }
        return AuthenticatorData(
            rpIdHash: Array(bytes[0..<32]), flags: flags, signCount: signCount, attestedCredential: attested,
            extensions: extensions)
    }
}

import JourneyCore

/// The WebAuthn input the simulator reads from clients, reachable from outside for the fuzz
/// target (`FuzzTarget.webauthn`). Every form may be refused; none may trap or hang.
package enum WebAuthnWireReader {
    /// Reads `bytes` as one form: 0 a registration `webAuthnOutcome` and 1 an authentication one
    /// (each through the relying party's checks), 2 an attestation object, 3 authenticator data,
    /// 4 clientDataJSON, 5 a COSE key. Bit 7 asks for user verification, bit 6 for direct attestation.
    package static func read(_ bytes: [UInt8], form: UInt8) {
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = WebAuthnExpectation(
            challenge: Array(repeating: 7, count: 32), rpId: "127.0.0.1", origins: ["http://127.0.0.1:8080"],
            userVerificationRequired: form & 0x80 != 0, algorithms: WebAuthnRegistrationSpec.supportedAlgorithms,
            directAttestation: form & 0x40 != 0)
        switch form % 6 {
        case 0:
            _ = WebAuthnVerifier.registration(text, expected)
        case 1:
            // Any credential is "registered", with a key that never verifies: every check before the signature runs.
            _ = WebAuthnVerifier.authentication(text, expected) { credentialId, userHandle in
                .success(
                    (
                        "fuzz",
                        WebAuthnDevice(
                            credentialId: credentialId, publicKey: [], algorithm: -7, signCount: 0,
                            deviceName: "fuzz", userHandle: userHandle ?? "")
                    ))
            }
        case 2:
            guard let attestation = try? AttestationObject.parse(bytes) else { return }
            _ = try? AuthenticatorData.parse(attestation.authenticatorData)
        case 3:
            _ = try? AuthenticatorData.parse(bytes)
        case 4:
            _ = try? CollectedClientData.parse(text)
        default:
            guard let value = try? CBORReader.decode(bytes) else { return }
            _ = try? COSEKey.parse(value)
        }
    }
}

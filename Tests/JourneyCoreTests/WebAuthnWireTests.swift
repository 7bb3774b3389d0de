import Crypto
import CryptoExtras
import JourneyCore
import Testing

/// The WebAuthn wire model: each part written, read back and, for keys, checked with swift-crypto.
@Suite struct WebAuthnWireTests {
    static let rpIdHash = Array(SHA256.hash(data: Array("example.com".utf8)))

    static func keys() throws -> [(COSEKey, ([UInt8]) throws -> [UInt8])] {
        let p256 = P256.Signing.PrivateKey()
        let ed25519 = Curve25519.Signing.PrivateKey()
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let primitives = try rsa.publicKey.getKeyPrimitives()
        let raw = p256.publicKey.rawRepresentation
        return [
            (
                .es256(x: Array(raw.prefix(32)), y: Array(raw.suffix(32))),
                { Array(try p256.signature(for: SHA256.hash(data: $0)).derRepresentation) }
            ),
            (.edDSA(x: Array(ed25519.publicKey.rawRepresentation)), { Array(try ed25519.signature(for: $0)) }),
            (
                .rs256(n: Array(primitives.modulus), e: Array(primitives.publicExponent)),
                { Array(try rsa.signature(for: SHA256.hash(data: $0), padding: .insecurePKCS1v1_5).rawRepresentation) }
            ),
        ]
    }

    @Test func authenticatorDataWithAKeyOfEachAlgorithmRoundTripsAndVerifies() throws {
        for (key, sign) in try Self.keys() {
            let data = AuthenticatorData(
                rpIdHash: Self.rpIdHash, flags: [.userPresent, .userVerified, .backupEligible], signCount: 0x0102_0304,
                attestedCredential: AttestedCredentialData(credentialId: [9, 8, 7], publicKey: key))
            let bytes = data.encoded()
            #expect(bytes[32] == 0x45 | 0x08)
            #expect(Array(bytes[33..<37]) == [1, 2, 3, 4])
            let parsed = try AuthenticatorData.parse(bytes)
            #expect(parsed == data.with(flags: data.flags.union(.attestedCredentialData)))
            #expect(parsed.attestedCredential?.publicKey.algorithm == key.algorithm)
            let signed = bytes + Array(SHA256.hash(data: Array("{}".utf8)))
            let signature = try sign(signed)
            #expect(key.isValidSignature(signature, for: signed), "\(key.algorithm.name)")
            #expect(!key.isValidSignature(signature, for: signed + [0]), "\(key.algorithm.name)")
        }
    }

    @Test func assertionAuthenticatorDataIsThirtySevenBytes() throws {
        let data = AuthenticatorData(rpIdHash: Self.rpIdHash, flags: [.userPresent], signCount: 0)
        #expect(data.encoded().count == 37)
        #expect(try AuthenticatorData.parse(data.encoded()) == data)
        #expect(data.flags.summary == "UP")
    }

    @Test(arguments: [
        (0, "shorter than the 37"), (38, "cut short"), (300, "after its last part"),
    ])
    func rejectsCutOrPaddedAuthenticatorData(_ length: Int, _ reason: String) throws {
        let key = try Self.keys()[0].0
        var bytes = AuthenticatorData(
            rpIdHash: Self.rpIdHash, flags: [.userPresent], signCount: 1,
            attestedCredential: AttestedCredentialData(credentialId: [1], publicKey: key)
        ).encoded()
        if length < bytes.count { bytes = Array(bytes.prefix(length)) } else { bytes += [0] }
        #expect {
            _ = try AuthenticatorData.parse(bytes)
        } throws: { error in
            (error as? WebAuthnWireError)?.message.contains(reason) == true
        }
    }

    @Test func coseKeyMustAgreeWithItsAlgorithm() {
        let wrongCurve = CBORValue.map([
            (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(2)),
            (.int(-2), .bytes([UInt8](repeating: 1, count: 32))),
            (.int(-3), .bytes([UInt8](repeating: 1, count: 32))),
        ])
        let wrongType = CBORValue.map([(.int(1), .int(3)), (.int(3), .int(-8)), (.int(-1), .int(6))])
        let unknown = CBORValue.map([(.int(1), .int(2)), (.int(3), .int(-35))])
        #expect(throws: WebAuthnWireError.self) { try COSEKey.parse(wrongCurve) }
        #expect(throws: WebAuthnWireError.self) { try COSEKey.parse(wrongType) }
        #expect(throws: WebAuthnWireError.self) { try COSEKey.parse(unknown) }
    }

    @Test func es256CoseKeyIsWrittenInCanonicalOrder() {
        let key = COSEKey.es256(x: [UInt8](repeating: 0xAA, count: 32), y: [UInt8](repeating: 0xBB, count: 32))
        let bytes = key.encoded()
        // a5 01 02 03 26 20 01 21 58 20 …x… 22 58 20 …y…
        #expect(Array(bytes.prefix(10)) == [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20])
        #expect(bytes.count == 77)
    }

    @Test func attestationObjectsOfBothFormatsRoundTrip() throws {
        let none = AttestationObject.none([1, 2, 3])
        #expect(try AttestationObject.parse(none.encoded()) == none)
        #expect(Array(none.encoded().prefix(5)) == [0xA3, 0x63, 0x66, 0x6D, 0x74])
        let packed = AttestationObject.packedSelf([4], algorithm: .es256, signature: [5, 6])
        let parsed = try AttestationObject.parse(packed.encoded())
        #expect(parsed.format == "packed")
        #expect(parsed.statement[text: "alg"]?.intValue == -7)
        #expect(parsed.statement[text: "sig"]?.bytesValue == [5, 6])
        #expect(throws: WebAuthnWireError.self) { try AttestationObject.parse(CBORWriter.encode(.map([]))) }
    }

    @Test func clientDataIsWrittenAsBrowsersWriteItAndReadBack() throws {
        let data = CollectedClientData(
            type: CollectedClientData.authenticationType, challenge: "q83v", origin: "https://login.example.com")
        #expect(
            data.json
                == #"{"type":"webauthn.get","challenge":"q83v","origin":"https://login.example.com","crossOrigin":false}"#
        )
        #expect(try CollectedClientData.parse(data.json) == data)
        #expect(throws: WebAuthnWireError.self) { try CollectedClientData.parse(#"{"type":"webauthn.get"}"#) }
    }

    @Test func int8ListsAreSignedBytesJoinedByCommas() throws {
        #expect(Int8List.encode([0, 127, 128, 255]) == "0,127,-128,-1")
        #expect(try Int8List.decode("0, 127,-128, -1") == [0, 127, 128, 255])
        #expect(try Int8List.decode("") == [])
        #expect(throws: WebAuthnWireError.self) { try Int8List.decode("1,,2") }
        #expect(throws: WebAuthnWireError.self) { try Int8List.decode("300") }
        #expect(throws: WebAuthnWireError.self) { try Int8List.decode("0x1") }
    }

    @Test func outcomesRoundTripInTextAndJSONForm() throws {
        let registration = AMWebAuthnOutcome.registration(
            clientDataJSON: #"{"type":"webauthn.create"}"#, attestationObject: [0xA0, 1], credentialId: "AQID",
            deviceName: "Work laptop")
        #expect(registration.text == #"{"type":"webauthn.create"}::-96,1::AQID::Work laptop"#)
        #expect(try AMWebAuthnOutcome.parse(registration.text, registration: true).outcome == registration)
        let wrapped = try AMWebAuthnOutcome.parse(
            registration.jsonText(attachment: "cross-platform"), registration: true)
        #expect(wrapped.outcome == registration)
        #expect(wrapped.attachment == "cross-platform")

        let authentication = AMWebAuthnOutcome.authentication(
            clientDataJSON: "{}", authenticatorData: [1], signature: [255], credentialId: "AQID", userHandle: "alice")
        #expect(authentication.text == "{}::1::-1::AQID::alice")
        #expect(try AMWebAuthnOutcome.parse(authentication.text, registration: false).outcome == authentication)
        #expect(
            try AMWebAuthnOutcome.parse("{}::1::-1::AQID", registration: false).outcome
                == .authentication(
                    clientDataJSON: "{}", authenticatorData: [1], signature: [255], credentialId: "AQID",
                    userHandle: nil))
    }

    @Test func errorOutcomesStayPlainAndParse() throws {
        let error = AMWebAuthnOutcome.error(
            name: "NotAllowedError", message: "The operation either timed out or was not allowed.")
        #expect(error.jsonText() == error.text)
        #expect(try AMWebAuthnOutcome.parse(error.text, registration: true).outcome == error)
        #expect(try AMWebAuthnOutcome.parse("unsupported", registration: false).outcome == .unsupported)
        #expect(throws: WebAuthnWireError.self) { try AMWebAuthnOutcome.parse("a::b", registration: false) }
        #expect(throws: WebAuthnWireError.self) { try AMWebAuthnOutcome.parse(#"{"legacy":1}"#, registration: false) }
    }
}

extension AuthenticatorData {
    fileprivate func with(flags: AuthenticatorFlags) -> AuthenticatorData {
        var copy = self
        copy.flags = flags
        return copy
    }
}

extension WebAuthnWireTests {
    /// A client's fields are bounded: they reach a server's store and traces.
    @Test func oversizedOutcomeFieldsAreRefused() {
        let long = String(repeating: "A", count: 2000)
        for text in [
            "{}::1::-1::\(long)", "{}::1::-1::AQID::\(long)", "ERROR::NotAllowedError:\(long)",
        ] {
            #expect(throws: WebAuthnWireError.self) { try AMWebAuthnOutcome.parse(text, registration: false) }
        }
        #expect(throws: WebAuthnWireError.self) {
            try AMWebAuthnOutcome.parse("{}::1::AQID::\(long)", registration: true)
        }
    }
}

import Crypto
import CryptoExtras
import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyRun

/// The software authenticator's output, checked apart from it: parsed with JourneyCore's wire
/// model and verified with swift-crypto directly, for each algorithm; and against the W3C
/// WebAuthn Level 3 test vectors (§16) where they can be reproduced.
@Suite struct SoftwareAuthenticatorTests {
    static let origin = "https://example.org"
    static let rpId = "example.org"

    static func request(_ ceremony: WebAuthnRequest.Ceremony, challenge: [UInt8] = Array(0..<32)) -> WebAuthnRequest {
        var request = WebAuthnRequest(ceremony: ceremony, delivery: .metadata, challenge: challenge)
        request.rpId = rpId
        request.userId = "dXNlci0x"
        request.algorithms = [-7, -257, -8]
        return request
    }

    /// Seeded bytes: a deterministic stand-in for the run's generator.
    static func randomBytes() -> @Sendable (Int) -> [UInt8] {
        let state = Mutex(UInt8(7))
        return { count in
            state.withLock { seed in
                (0..<count).map { _ in
                    seed = seed &* 31 &+ 17
                    return seed
                }
            }
        }
    }

    /// Verifies `signature` over `data` with the COSE key, using swift-crypto directly.
    static func clientDataHash(_ json: String) -> [UInt8] { Array(SHA256.hash(data: Array(json.utf8))) }

    @Test(arguments: [COSEAlgorithm.es256, .rs256, .edDSA])
    func registersAndSignsVerifiably(algorithm: COSEAlgorithm) throws {
        var settings = AuthenticatorSettings()
        settings.algorithm = algorithm
        let registration = try SoftwareAuthenticator.register(
            Self.request(.registration), origin: Self.origin, rpId: Self.rpId, settings: settings,
            randomBytes: Self.randomBytes())
        let attestation = try AttestationObject.parse(registration.attestationObject)
        #expect(attestation.format == "none")
        #expect(attestation.statement == .map([]))
        let authData = try AuthenticatorData.parse(attestation.authenticatorData)
        #expect(authData.rpIdHash == Array(SHA256.hash(data: Array(Self.rpId.utf8))))
        #expect(authData.flags.contains([.userPresent, .userVerified, .attestedCredentialData]))
        #expect(!authData.flags.contains(.backupEligible))
        #expect(authData.signCount == 0)
        let credential = try #require(authData.attestedCredential)
        #expect(credential.credentialId == registration.credential.id)
        #expect((16...32).contains(credential.credentialId.count))
        #expect(credential.aaguid == [UInt8](repeating: 0, count: 16))
        #expect(credential.publicKey.algorithm == algorithm)
        let clientData = try CollectedClientData.parse(registration.clientDataJSON)
        #expect(clientData.type == "webauthn.create")
        #expect(clientData.origin == Self.origin)
        #expect(Base64URL.decode(clientData.challenge).map([UInt8].init) == Array(0..<32))

        let challenge: [UInt8] = Array(repeating: 9, count: 32)
        let assertion = try SoftwareAuthenticator.authenticate(
            Self.request(.authentication, challenge: challenge), with: registration.credential, origin: Self.origin,
            rpId: Self.rpId, settings: AuthenticatorSettings())
        let assertionData = try AuthenticatorData.parse(assertion.authenticatorDataBytes)
        #expect(assertionData.attestedCredential == nil)
        #expect(assertionData.signCount == 1)
        #expect(assertionData.flags.contains([.userPresent, .userVerified]))
        let signed = assertion.authenticatorDataBytes + Self.clientDataHash(assertion.clientDataJSON)
        #expect(try PasskeyOutcomeCheck.verify(assertion.signature, over: signed, with: credential.publicKey))
        #expect(credential.publicKey.isValidSignature(assertion.signature, for: signed))
        var tampered = signed
        tampered[0] ^= 1
        #expect(try !PasskeyOutcomeCheck.verify(assertion.signature, over: tampered, with: credential.publicKey))
        #expect(try CollectedClientData.parse(assertion.clientDataJSON).type == "webauthn.get")
    }

    @Test(arguments: [COSEAlgorithm.es256, .rs256, .edDSA])
    func packedSelfAttestationIsSignedByTheCredential(algorithm: COSEAlgorithm) throws {
        var settings = AuthenticatorSettings()
        settings.algorithm = algorithm
        settings.attestation = .packed
        let registration = try SoftwareAuthenticator.register(
            Self.request(.registration), origin: Self.origin, rpId: Self.rpId, settings: settings,
            randomBytes: Self.randomBytes())
        let attestation = try AttestationObject.parse(registration.attestationObject)
        #expect(attestation.format == "packed")
        #expect(attestation.statement[text: "alg"]?.intValue == algorithm.rawValue)
        #expect(attestation.statement[text: "x5c"] == nil)
        let signature = try #require(attestation.statement[text: "sig"]?.bytesValue)
        let key = try #require(try AuthenticatorData.parse(attestation.authenticatorData).attestedCredential?.publicKey)
        let signed = attestation.authenticatorData + Self.clientDataHash(registration.clientDataJSON)
        #expect(try PasskeyOutcomeCheck.verify(signature, over: signed, with: key))
    }

    @Test func algorithmIsTheRelyingPartysFirstSupportedOne() throws {
        var request = Self.request(.registration)
        request.algorithms = [-35, -257, -7]
        #expect(try SoftwareAuthenticator.algorithm(for: request, settings: AuthenticatorSettings()) == .rs256)
        request.algorithms = []
        #expect(try SoftwareAuthenticator.algorithm(for: request, settings: AuthenticatorSettings()) == .es256)
        request.algorithms = [-35, -36]
        #expect(throws: SoftwareAuthenticator.Refusal.self) {
            try SoftwareAuthenticator.algorithm(for: request, settings: AuthenticatorSettings())
        }
        var forced = AuthenticatorSettings()
        forced.algorithm = .edDSA
        #expect(try SoftwareAuthenticator.algorithm(for: request, settings: forced) == .edDSA)
    }

    @Test func flagsAndCountersFollowTheSettings() throws {
        var settings = AuthenticatorSettings()
        settings.userVerified = false
        settings.backupEligible = true
        settings.backupState = true
        settings.counter = .mode(.zero)
        settings.aaguid = Array(1...16)
        let registration = try SoftwareAuthenticator.register(
            Self.request(.registration), origin: Self.origin, rpId: Self.rpId, settings: settings,
            randomBytes: Self.randomBytes())
        #expect(
            registration.authenticatorData.flags == [
                .userPresent, .backupEligible, .backupState, .attestedCredentialData,
            ])
        #expect(registration.authenticatorData.attestedCredential?.aaguid == Array(1...16))
        var credential = registration.credential
        for _ in 0..<2 {
            let assertion = try SoftwareAuthenticator.authenticate(
                Self.request(.authentication), with: credential, origin: Self.origin, rpId: Self.rpId,
                settings: AuthenticatorSettings())
            #expect(assertion.authenticatorData.signCount == 0, "synced passkeys send 0")
            credential = assertion.credential
        }
        var noPresence = AuthenticatorSettings()
        noPresence.userPresent = false
        noPresence.counter = .value(5)
        let assertion = try SoftwareAuthenticator.authenticate(
            Self.request(.authentication), with: credential, origin: Self.origin, rpId: "evil.example",
            settings: noPresence)
        #expect(!assertion.authenticatorData.flags.contains(.userPresent))
        #expect(assertion.authenticatorData.signCount == 5)
        #expect(assertion.authenticatorData.rpIdHash == Array(SHA256.hash(data: Array("evil.example".utf8))))
    }

    // MARK: W3C WebAuthn Level 3 §16 test vectors

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// https://w3c.github.io/webauthn/#sctn-test-vectors-none-es256 ("ES256 Credential with No
    /// Attestation"): from the vector's private key, AAGUID, credential id and flags (UV unset,
    /// BE and BS set), the attestation object is the vector's, byte for byte; the assertion's
    /// authenticator data and client data are too, and the vector's (deterministic ECDSA)
    /// signature verifies with the key the authenticator made. The registration's client data
    /// cannot be compared: the vector's carries an `extraData` member that browsers do not send.
    @Test func w3cNoneES256VectorIsReproduced() throws {
        let privateKey = Self.hex("6e68e7a58484a3264f66b77f5d6dc5bc36a47085b615c9727ab334e8c369c2ee")
        let credentialId = Self.hex("f91f391db4c9b2fde0ea70189cba3fb63f579ba6122b33ad94ff3ec330084be4")
        // The authenticator draws the key, then one byte for the id's length (16 + 16 % 17 = 32), then the id.
        let draws = Mutex([privateKey, [16], credentialId])
        let randomBytes: @Sendable (Int) -> [UInt8] = { count in
            draws.withLock { draws in draws.isEmpty ? [UInt8](repeating: 0, count: count) : draws.removeFirst() }
        }
        var settings = AuthenticatorSettings()
        settings.userVerified = false
        settings.backupEligible = true
        settings.backupState = true
        settings.counter = .mode(.zero)
        settings.aaguid = Self.hex("8446ccb9ab1db374750b2367ff6f3a1f")
        var registrationRequest = WebAuthnRequest(
            ceremony: .registration, delivery: .metadata,
            challenge: Self.hex("00c30fb78531c464d2b6771dab8d7b603c01162f2fa486bea70f283ae556e130"))
        registrationRequest.algorithms = [-7]
        let registration = try SoftwareAuthenticator.register(
            registrationRequest, origin: Self.origin, rpId: Self.rpId, settings: settings, randomBytes: randomBytes)
        let expectedAttestation = Self.hex(
            "a363666d74646e6f6e656761747453746d74a068617574684461746158a4bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b559000000008446ccb9ab1db374750b2367ff6f3a1f0020f91f391db4c9b2fde0ea70189cba3fb63f579ba6122b33ad94ff3ec330084be4a5010203262001215820afefa16f97ca9b2d23eb86ccb64098d20db90856062eb249c33a9b672f26df61225820930a56b87a2fca66334b03458abf879717c12cc68ed73290af2e2664796b9220"
        )
        #expect(registration.attestationObject == expectedAttestation)

        let authenticationRequest = WebAuthnRequest(
            ceremony: .authentication, delivery: .metadata,
            challenge: Self.hex("39c0e7521417ba54d43e8dc95174f423dee9bf3cd804ff6d65c857c9abf4d408"))
        var signing = AuthenticatorSettings()
        signing.userVerified = false
        let assertion = try SoftwareAuthenticator.authenticate(
            authenticationRequest, with: registration.credential, origin: Self.origin, rpId: Self.rpId,
            settings: signing)
        let expectedAuthData = Self.hex("bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b51900000000")
        let expectedClientData = Self.hex(
            "7b2274797065223a22776562617574686e2e676574222c226368616c6c656e6765223a224f63446e55685158756c5455506f334a5558543049393770767a7a59425039745a63685879617630314167222c226f726967696e223a2268747470733a2f2f6578616d706c652e6f7267222c2263726f73734f726967696e223a66616c73657d"
        )
        #expect(assertion.authenticatorDataBytes == expectedAuthData)
        #expect(Array(assertion.clientDataJSON.utf8) == expectedClientData)
        let vectorSignature = Self.hex(
            "3046022100f50a4e2e4409249c4a853ba361282f09841df4dd4547a13a87780218deffcd380221008480ac0f0b93538174f575bf11a1dd5d78c6e486013f937295ea13653e331e87"
        )
        let key = try registration.credential.key.publicKey()
        let signed = expectedAuthData + Array(SHA256.hash(data: expectedClientData))
        #expect(try PasskeyOutcomeCheck.verify(vectorSignature, over: signed, with: key))
        #expect(try PasskeyOutcomeCheck.verify(assertion.signature, over: signed, with: key))
    }

    /// https://w3c.github.io/webauthn/#sctn-test-vectors-packed-self-es256 ("ES256 Credential with
    /// Self Attestation"): the vector signs with deterministic ECDSA, which swift-crypto does not
    /// offer, so the signature bytes differ; everything else of the attestation object is the
    /// vector's (format, statement shape, authenticator data with UV, BE and BS), and the vector's
    /// signature verifies with the key the authenticator made from the vector's private key.
    @Test func w3cPackedSelfES256VectorIsReproducedButForTheSignature() throws {
        let privateKey = Self.hex("b4bbfa5d68e1693b6ef5a19a0e60ef7ee2cbcac81f7fec7006ac3a21e0c5116a")
        let credentialId = Self.hex("455ef34e2043a87db3d4afeb39bbcb6cc32df9347c789a865ecdca129cbef58c")
        let draws = Mutex([privateKey, [16], credentialId])
        let randomBytes: @Sendable (Int) -> [UInt8] = { count in
            draws.withLock { draws in draws.isEmpty ? [UInt8](repeating: 0, count: count) : draws.removeFirst() }
        }
        var settings = AuthenticatorSettings()
        settings.attestation = .packed
        settings.userVerified = true
        settings.backupEligible = true
        settings.backupState = true
        settings.aaguid = Self.hex("df850e09db6afbdfab51697791506cfc")
        var request = WebAuthnRequest(
            ceremony: .registration, delivery: .metadata,
            challenge: Self.hex("7869c2b772d4b58eba9378cf8f29e26cf935aa77df0da89fa99c0bdc0a76f7e5"))
        request.algorithms = [-7]
        let registration = try SoftwareAuthenticator.register(
            request, origin: Self.origin, rpId: Self.rpId, settings: settings, randomBytes: randomBytes)
        let vector = try AttestationObject.parse(
            Self.hex(
                "a363666d74667061636b65646761747453746d74a263616c672663736967584630440220067a20754ab925005dbf378097c92120031581c73228d1fb4f5b881bcd7da98302207fc7b147558c7c0eba3af18bd9d121fa3d3a26d17fe3f220272178f473b6006d68617574684461746158a4bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b55d00000000df850e09db6afbdfab51697791506cfc0020455ef34e2043a87db3d4afeb39bbcb6cc32df9347c789a865ecdca129cbef58ca5010203262001215820eb151c8176b225cc651559fecf07af450fd85802046656b34c18f6cf193843c5225820927b8aa427a2be1b8834d233a2d34f61f13bfd44119c325d5896e183fee484f2"
            ))
        let ours = try AttestationObject.parse(registration.attestationObject)
        #expect(ours.format == vector.format)
        #expect(ours.authenticatorData == vector.authenticatorData)
        #expect(ours.statement[text: "alg"] == vector.statement[text: "alg"])
        let vectorClientData = Self.hex(
            "7b2274797065223a22776562617574686e2e637265617465222c226368616c6c656e6765223a2265476e4374334c55745936366b336a506a796e6962506b31716e666644616966715a774c33417032392d55222c226f726967696e223a2268747470733a2f2f6578616d706c652e6f7267222c2263726f73734f726967696e223a66616c73652c22657874726144617461223a22636c69656e74446174614a534f4e206d617920626520657874656e6465642077697468206164646974696f6e616c206669656c647320696e20746865206675747572652c207375636820617320746869733a205539685458764b453255526b4d6e625f307859485667227d"
        )
        let key = try registration.credential.key.publicKey()
        let vectorSignature = try #require(vector.statement[text: "sig"]?.bytesValue)
        #expect(
            try PasskeyOutcomeCheck.verify(
                vectorSignature, over: vector.authenticatorData + Array(SHA256.hash(data: vectorClientData)), with: key)
        )
        let ourSignature = try #require(ours.statement[text: "sig"]?.bytesValue)
        let ourSigned = ours.authenticatorData + Self.clientDataHash(registration.clientDataJSON)
        #expect(try PasskeyOutcomeCheck.verify(ourSignature, over: ourSigned, with: key))
    }
}

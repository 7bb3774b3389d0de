import Crypto
import CryptoExtras
import Foundation
import JourneyCore

/// A software authenticator for simulator tests, built on swift-crypto and JourneyCore's WebAuthn
/// wire model: it makes a credential, attests it (`none` or `packed` self attestation) and signs
/// assertions, and every field can be spoiled on purpose.
struct TestPasskey: Sendable {
    enum Algorithm: Int, Sendable, CaseIterable, CustomStringConvertible {
        case es256 = -7
        case eddsa = -8
        case rs256 = -257

        var description: String {
            switch self {
            case .es256: "ES256"
            case .eddsa: "EdDSA"
            case .rs256: "RS256"
            }
        }
    }

    /// RSA key generation is slow: one key for every RS256 passkey of the suite.
    static let rsaKey: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)

    struct NoKey: Error {}

    let algorithm: Algorithm
    let credentialId: [UInt8]
    private let p256: P256.Signing.PrivateKey?
    private let ed25519: Curve25519.Signing.PrivateKey?
    private let rsa: _RSA.Signing.PrivateKey?
    /// The user handle the authenticator stores: the characters of AM's `userId`.
    var userHandle: String = ""
    var signCount: UInt32 = 0
    /// Flags other than UP/UV/AT/ED (backup eligibility and state).
    var backupEligible = false
    var backupState = false

    init(_ algorithm: Algorithm = .es256, id: UInt8 = 1) throws {
        self.algorithm = algorithm
        credentialId = [id] + Array(repeating: id &* 7, count: 31)
        switch algorithm {
        case .es256:
            p256 = P256.Signing.PrivateKey()
            ed25519 = nil
            rsa = nil
        case .eddsa:
            p256 = nil
            ed25519 = Curve25519.Signing.PrivateKey()
            rsa = nil
        case .rs256:
            guard let key = Self.rsaKey else { throw NoKey() }
            p256 = nil
            ed25519 = nil
            rsa = key
        }
    }

    var credentialIdText: String { Base64URL.encode(credentialId) }

    /// The credential public key as COSE.
    func coseKey() throws -> COSEKey {
        if let p256 {
            let raw = [UInt8](p256.publicKey.rawRepresentation)
            return .es256(x: Array(raw[0..<32]), y: Array(raw[32..<64]))
        }
        if let ed25519 { return .edDSA(x: [UInt8](ed25519.publicKey.rawRepresentation)) }
        guard let rsa else { throw NoKey() }
        let primitives = try rsa.publicKey.getKeyPrimitives()
        return .rs256(n: [UInt8](primitives.modulus), e: [UInt8](primitives.publicExponent))
    }

    func sign(_ data: [UInt8]) throws -> [UInt8] {
        if let p256 { return [UInt8](try p256.signature(for: data).derRepresentation) }
        if let ed25519 { return [UInt8](try ed25519.signature(for: data)) }
        guard let rsa else { throw NoKey() }
        return [UInt8](try rsa.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation)
    }

    /// What a test may spoil.
    struct Options: Sendable {
        var origin: String
        var rpId: String
        var challenge: [UInt8]?
        var type: String?
        var crossOrigin = false
        var userPresent = true
        var userVerified = true
        var packed = false
        var badSignature = false
        var deviceName: String?
        var json = false
        /// The credential id as reported, when not the usual base64url.
        var reportedId: String?
    }

    func clientData(_ type: String, challenge: [UInt8], _ options: Options) -> String {
        CollectedClientData(
            type: options.type ?? type, challenge: Base64URL.encode(options.challenge ?? challenge),
            origin: options.origin, crossOrigin: options.crossOrigin
        ).json
    }

    func flags(_ options: Options, attested: Bool) -> AuthenticatorFlags {
        var flags: AuthenticatorFlags = []
        if options.userPresent { flags.insert(.userPresent) }
        if options.userVerified { flags.insert(.userVerified) }
        if backupEligible { flags.insert(.backupEligible) }
        if backupState { flags.insert(.backupState) }
        if attested { flags.insert(.attestedCredentialData) }
        return flags
    }

    /// The registration's `webAuthnOutcome` for the challenge the page carried.
    func registration(challenge: [UInt8], _ options: Options) throws -> String {
        let clientDataJSON = clientData("webauthn.create", challenge: challenge, options)
        let authData = AuthenticatorData(
            rpIdHash: Array(SHA256.hash(data: Array(options.rpId.utf8))), flags: flags(options, attested: true),
            signCount: signCount,
            attestedCredential: AttestedCredentialData(
                aaguid: Array(repeating: 0, count: 16), credentialId: credentialId, publicKey: try coseKey()),
            extensions: nil
        ).encoded()
        var attestation = AttestationObject.none(authData)
        if options.packed {
            var signature = try sign(authData + Array(SHA256.hash(data: Array(clientDataJSON.utf8))))
            if options.badSignature { signature[signature.count / 2] ^= 0x01 }
            guard let alg = COSEAlgorithm(rawValue: Int64(algorithm.rawValue)) else { throw NoKey() }
            attestation = .packedSelf(authData, algorithm: alg, signature: signature)
        }
        let outcome = AMWebAuthnOutcome.registration(
            clientDataJSON: clientDataJSON, attestationObject: attestation.encoded(),
            credentialId: options.reportedId ?? credentialIdText,
            deviceName: options.deviceName)
        return options.json ? outcome.jsonText(attachment: "platform") : outcome.text
    }

    /// The authentication's `webAuthnOutcome`; the counter moves on first unless it is kept at 0.
    mutating func assertion(challenge: [UInt8], _ options: Options, userHandle: String? = nil) throws -> String {
        if signCount != 0 { signCount += 1 }
        let clientDataJSON = clientData("webauthn.get", challenge: challenge, options)
        let authData = AuthenticatorData(
            rpIdHash: Array(SHA256.hash(data: Array(options.rpId.utf8))), flags: flags(options, attested: false),
            signCount: signCount, attestedCredential: nil, extensions: nil
        ).encoded()
        var signature = try sign(authData + Array(SHA256.hash(data: Array(clientDataJSON.utf8))))
        if options.badSignature { signature[signature.count / 2] ^= 0x01 }
        let outcome = AMWebAuthnOutcome.authentication(
            clientDataJSON: clientDataJSON, authenticatorData: authData, signature: signature,
            credentialId: options.reportedId ?? credentialIdText, userHandle: userHandle ?? self.userHandle)
        return options.json ? outcome.jsonText(attachment: "platform") : outcome.text
    }
}

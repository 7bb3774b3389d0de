import Crypto
import CryptoExtras
import Foundation
import JourneyCore

/// A passkey's private key, of one of the three COSE algorithms the software authenticator
/// offers. Its exported text is a secret: whoever holds it can sign in as the user.
enum PasskeyPrivateKey: Sendable {
    case es256(P256.Signing.PrivateKey)
    case rs256(_RSA.Signing.PrivateKey)
    case edDSA(Curve25519.Signing.PrivateKey)

    /// The placeholder name of exported private keys in traces and reports.
    static let secretName = "passkey-private-key"

    var algorithm: COSEAlgorithm {
        switch self {
        case .es256: .es256
        case .rs256: .rs256
        case .edDSA: .edDSA
        }
    }

    /// A new key. ES256 and EdDSA keys come from `randomBytes` (the answerer gives the system's
    /// generator; a test gives a published vector's key); RSA keys need the system's generator.
    static func make(_ algorithm: COSEAlgorithm, randomBytes: (Int) -> [UInt8]) throws -> PasskeyPrivateKey {
        switch algorithm {
        case .es256:
            return .es256(DeviceState.makeKey(randomBytes: randomBytes))
        case .edDSA:
            return .edDSA(try Curve25519.Signing.PrivateKey(rawRepresentation: randomBytes(32)))
        case .rs256:
            return .rs256(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
    }

    /// The public key as authenticator data carries it.
    func publicKey() throws -> COSEKey {
        switch self {
        case .es256(let key):
            let raw = [UInt8](key.publicKey.rawRepresentation)
            return .es256(x: Array(raw[0..<32]), y: Array(raw[32..<64]))
        case .rs256(let key):
            let primitives = try key.publicKey.getKeyPrimitives()
            return .rs256(n: [UInt8](primitives.modulus), e: [UInt8](primitives.publicExponent))
        case .edDSA(let key):
            return .edDSA(x: [UInt8](key.publicKey.rawRepresentation))
        }
    }

    /// The signature of `data` as WebAuthn sends it: DER for ES256, PKCS#1 v1.5 over SHA-256
    /// for RS256, plain Ed25519.
    func sign(_ data: [UInt8]) throws -> [UInt8] {
        switch self {
        case .es256(let key):
            return [UInt8](try key.signature(for: SHA256.hash(data: data)).derRepresentation)
        case .rs256(let key):
            return [UInt8](
                try key.signature(for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation)
        case .edDSA(let key):
            return [UInt8](try key.signature(for: data))
        }
    }

    /// The key as text for a device file: base64url of the raw scalar (ES256, EdDSA) or of the
    /// PKCS#1 DER (RS256).
    var exported: String {
        switch self {
        case .es256(let key): Base64URL.encode(key.rawRepresentation)
        case .rs256(let key): Base64URL.encode(key.derRepresentation)
        case .edDSA(let key): Base64URL.encode(key.rawRepresentation)
        }
    }

    /// Reads an exported key of `algorithm`; nil when the text is not one.
    init?(algorithm: COSEAlgorithm, exported: String) {
        guard exported.utf8.count <= 8192, let bytes = Base64URL.decode(exported) else { return nil }
        switch algorithm {
        case .es256:
            guard let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) else { return nil }
            self = .es256(key)
        case .rs256:
            guard let key = try? _RSA.Signing.PrivateKey(derRepresentation: bytes) else { return nil }
            self = .rs256(key)
        case .edDSA:
            guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else { return nil }
            self = .edDSA(key)
        }
    }
}

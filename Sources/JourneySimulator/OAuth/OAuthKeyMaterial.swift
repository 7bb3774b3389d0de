import Crypto
import CryptoExtras
import Foundation
import JourneyCore

/// A private key that signs ID tokens, read from PEM (PKCS#8, or PKCS#1 / SEC1).
enum SigningKeyMaterial: Sendable {
    case rsa(_RSA.Signing.PrivateKey)
    case es256(P256.Signing.PrivateKey)

    struct Failure: Error {
        var message: String
    }

    /// The key in `pem`, which must be a private key of `alg`.
    static func parse(pem: String, alg: OAuthAlgorithm) throws(Failure) -> SigningKeyMaterial {
        switch alg {
        case .rs256:
            guard let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) else {
                throw Failure(message: "is not a PEM RSA private key (RS256)")
            }
            guard key.keySizeInBits >= 2048 else {
                throw Failure(message: "holds a \(key.keySizeInBits)-bit RSA key; RS256 needs 2048 bits or more")
            }
            return .rsa(key)
        case .es256:
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) else {
                throw Failure(message: "is not a PEM P-256 private key (ES256)")
            }
            return .es256(key)
        }
    }

    /// The JWS signature over `input`: RSASSA-PKCS1-v1_5 with SHA-256, or ECDSA P-256 with SHA-256
    /// as JOSE's raw r||s (64 bytes).
    func sign(_ input: String) -> [UInt8]? {
        let data = Data(input.utf8)
        switch self {
        case .rsa(let key):
            return (try? key.signature(for: data, padding: .insecurePKCS1v1_5)).map { Array($0.rawRepresentation) }
        case .es256(let key):
            return (try? key.signature(for: data)).map { Array($0.rawRepresentation) }
        }
    }

    /// The public half as a JWK (`kty`, `kid`, `use`, `alg` and the key's numbers).
    func jwk(kid: String, alg: OAuthAlgorithm) -> JSONValue? {
        switch self {
        case .rsa(let key):
            guard let primitives = try? key.publicKey.getKeyPrimitives() else { return nil }
            return [
                "kty": "RSA", "kid": .string(kid), "use": "sig", "alg": .string(alg.rawValue),
                "n": .string(Base64URL.encode(Array(primitives.modulus))),
                "e": .string(Base64URL.encode(Array(primitives.publicExponent))),
            ]
        case .es256(let key):
            // x963: 0x04 || x (32 bytes) || y (32 bytes).
            let point = Array(key.publicKey.x963Representation)
            guard point.count == 65 else { return nil }
            return [
                "kty": "EC", "crv": "P-256", "kid": .string(kid), "use": "sig", "alg": .string(alg.rawValue),
                "x": .string(Base64URL.encode(Array(point[1..<33]))),
                "y": .string(Base64URL.encode(Array(point[33..<65]))),
            ]
        }
    }
}

/// A client's public key for `private_key_jwt`, read from PEM (`BEGIN PUBLIC KEY`): RSA or P-256.
enum ClientKeyMaterial: Sendable {
    case rsa(_RSA.Signing.PublicKey)
    case es256(P256.Signing.PublicKey)

    static func parse(pem: String) -> ClientKeyMaterial? {
        if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) { return .es256(key) }
        if let key = try? _RSA.Signing.PublicKey(pemRepresentation: pem) { return .rsa(key) }
        return nil
    }

    var alg: OAuthAlgorithm {
        switch self {
        case .rsa: .rs256
        case .es256: .es256
        }
    }

    /// Whether `signature` (JWS bytes) signs `input` with this key.
    func verifies(_ signature: [UInt8], input: Substring) -> Bool {
        let data = Data(input.utf8)
        switch self {
        case .rsa(let key):
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        case .es256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: data)
        }
    }
}

import Crypto
import CryptoExtras
import Foundation

/// A credential public key in COSE form (RFC 9053 / 9052), as authenticator data carries it.
package enum COSEKey: Sendable, Hashable {
    /// kty 2 (EC2), crv 1 (P-256), alg -7: the 32-byte coordinates.
    case es256(x: [UInt8], y: [UInt8])
    /// kty 3 (RSA), alg -257: modulus and public exponent, big endian.
    case rs256(n: [UInt8], e: [UInt8])
    /// kty 1 (OKP), crv 6 (Ed25519), alg -8: the 32-byte public key.
    case edDSA(x: [UInt8])

    package var algorithm: COSEAlgorithm {
        switch self {
        case .es256: .es256
        case .rs256: .rs256
        case .edDSA: .edDSA
        }
    }

    /// The COSE map, members in CTAP2 canonical order (1, 3, then -1, -2, -3).
    package var cbor: CBORValue {
        switch self {
        case .es256(let x, let y):
            .map([
                (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes(x)),
                (.int(-3), .bytes(y)),
            ])
        case .rs256(let n, let e):
            .map([(.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes(n)), (.int(-2), .bytes(e))])
        case .edDSA(let x):
            .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), .bytes(x))])
        }
    }

    package func encoded() -> [UInt8] { CBORWriter.encode(cbor) }

    /// Reads a COSE key of one of the three algorithms; its `alg` must agree with its `kty` and curve.
    package static func parse(_ value: CBORValue) throws(WebAuthnWireError) -> COSEKey {
        guard case .map = value else { throw WebAuthnWireError("the credential public key is not a COSE map") }
        guard let kty = value[int: 1]?.intValue else { throw WebAuthnWireError("the COSE key has no kty (1)") }
        guard let alg = value[int: 3]?.intValue else { throw WebAuthnWireError("the COSE key has no alg (3)") }
        guard let algorithm = COSEAlgorithm(rawValue: alg) else {
            throw WebAuthnWireError("COSE algorithm \(alg) is not supported (ES256 -7, EdDSA -8, RS256 -257)")
        }
        switch (algorithm, kty) {
        case (.es256, 2):
            guard value[int: -1]?.intValue == 1 else {
                throw WebAuthnWireError("an ES256 COSE key must be on P-256 (crv 1)")
            }
            guard let x = value[int: -2]?.bytesValue, x.count == 32, let y = value[int: -3]?.bytesValue, y.count == 32
            else { throw WebAuthnWireError("an ES256 COSE key needs 32-byte x (-2) and y (-3)") }
            return .es256(x: x, y: y)
        case (.rs256, 3):
            guard let n = value[int: -1]?.bytesValue, n.count >= 256, n.count <= 1024,
                let e = value[int: -2]?.bytesValue,
                !e.isEmpty, e.count <= 8
            else { throw WebAuthnWireError("an RS256 COSE key needs n (-1, 2048 to 8192 bits) and e (-2)") }
            return .rs256(n: n, e: e)
        case (.edDSA, 1):
            guard value[int: -1]?.intValue == 6 else {
                throw WebAuthnWireError("an EdDSA COSE key must be Ed25519 (crv 6)")
            }
            guard let x = value[int: -2]?.bytesValue, x.count == 32 else {
                throw WebAuthnWireError("an EdDSA COSE key needs a 32-byte x (-2)")
            }
            return .edDSA(x: x)
        default:
            throw WebAuthnWireError("COSE key type \(kty) does not fit algorithm \(algorithm.name)")
        }
    }

    /// Whether `signature` is this key's signature of `data` (for ES256, in DER as WebAuthn sends it).
    package func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch self {
        case .es256(let x, let y):
            guard let key = try? P256.Signing.PublicKey(rawRepresentation: x + y),
                let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: SHA256.hash(data: data))
        case .rs256(let n, let e):
            guard let key = try? _RSA.Signing.PublicKey(n: n, e: e) else { return false }
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: data),
                padding: .insecurePKCS1v1_5)
        case .edDSA(let x):
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: x) else { return false }
            return key.isValidSignature(signature, for: data)
        }
    }
}

import CryptoExtras
import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// The MobileFirst client's RSA key (2048 bit, e = 65537): RS256 signatures and its public JWK.
/// Generating one takes a while, so a process makes one and every run reuses it; each run still
/// registers as its own client. The private key never leaves this type.
struct MobileFirstKey: Sendable {
    let privateKey: _RSA.Signing.PrivateKey
    /// The public key's `n` and `e`, Base64url (as a JWK writes them).
    let n: String
    let e: String

    private static let cached = Mutex<MobileFirstKey?>(nil)

    /// The process's key, made on first use.
    static func shared() throws(RunError) -> MobileFirstKey {
        if let key = cached.withLock({ $0 }) { return key }
        let key = try make()
        return cached.withLock { current in
            if let current { return current }
            current = key
            return key
        }
    }

    /// A new key.
    static func make() throws(RunError) -> MobileFirstKey {
        do {
            let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let primitives = try privateKey.publicKey.getKeyPrimitives()
            return MobileFirstKey(
                privateKey: privateKey, n: Base64URL.encode(primitives.modulus),
                e: Base64URL.encode(primitives.publicExponent))
        } catch {
            throw RunError(.script, "cannot create the MobileFirst client's RSA key: \(error)")
        }
    }

    /// The public JWK, with `kid` when given (the client assertion names the client id).
    func jwk(kid: String? = nil) -> JSONValue {
        var object: [String: JSONValue] = ["kty": "RSA", "n": .string(n), "e": .string(e)]
        if let kid { object["kid"] = .string(kid) }
        return .object(object)
    }

    /// RSASSA-PKCS1-v1_5 with SHA-256 over `text`'s UTF-8 bytes.
    func sign(_ text: String) throws(RunError) -> Data {
        do {
            return try privateKey.signature(for: Data(text.utf8), padding: .insecurePKCS1v1_5).rawRepresentation
        } catch {
            throw RunError(.script, "cannot sign with the MobileFirst client's RSA key: \(error)")
        }
    }
}

/// The JWSs a MobileFirst client sends (challenges.md §1.3, §1.5).
enum MobileFirstJWS {
    /// The signed registration data: a flattened JWS `{header, payload, signature}`, header
    /// `{"alg":"RS256","jwk":{…}}`, parts in Base64url or (as the web SDK) standard Base64.
    static func registration(payload: JSONValue, key: MobileFirstKey, encoding: JWSEncoding) throws(RunError)
        -> JSONValue
    {
        let header: JSONValue = ["alg": "RS256", "jwk": key.jwk()]
        let headerPart = encode(header.encoded, encoding)
        let payloadPart = encode(payload.encoded, encoding)
        let signature = encode(try key.sign("\(headerPart).\(payloadPart)"), encoding)
        return ["header": .string(headerPart), "payload": .string(payloadPart), "signature": .string(signature)]
    }

    /// A compact JWS: header `{"alg":"RS256","jwk":{…,"kid":clientId}}` and `claims`.
    static func compact(claims: JSONValue, kid: String, key: MobileFirstKey) throws(RunError) -> String {
        let header: JSONValue = ["alg": "RS256", "jwk": key.jwk(kid: kid)]
        let signingInput = Base64URL.encode(header.encoded) + "." + Base64URL.encode(claims.encoded)
        return signingInput + "." + Base64URL.encode(try key.sign(signingInput))
    }

    private static func encode(_ data: Data, _ encoding: JWSEncoding) -> String {
        encoding == .base64 ? data.base64EncodedString() : Base64URL.encode(data)
    }
}

import CryptoExtras
import Foundation
import JourneyCore

/// Reads and verifies the RS256 JWSs a MobileFirst client sends: the signed registration data
/// (flattened: header, payload, signature) and the token request's client assertion (compact).
/// Both Base64 and Base64url parts are accepted, as the server accepts both (challenges.md §1.3).
enum MobileFirstJWS {
    struct Failure: Error, Sendable, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A verified JWS: its header and payload objects, and the key that signed it.
    struct Verified: Sendable {
        var header: JSONValue
        var payload: JSONValue
        var key: _RSA.Signing.PublicKey
    }

    /// Verifies a JWS whose header carries its own RSA `jwk` (registration).
    static func verifySelfSigned(header: String, payload: String, signature: String) throws(Failure) -> Verified {
        let headerJSON = try decodeObject(header, "header")
        guard headerJSON["alg"]?.stringValue == "RS256" else {
            throw Failure("the JWS header's alg must be RS256, found \(headerJSON["alg"]?.compactJSON ?? "none")")
        }
        guard let jwk = headerJSON["jwk"] else { throw Failure("the JWS header has no jwk") }
        let key = try publicKey(jwk)
        try checkSignature(header: header, payload: payload, signature: signature, key: key)
        return Verified(header: headerJSON, payload: try decodeObject(payload, "payload"), key: key)
    }

    /// Verifies a compact JWS with a known key.
    static func verifyCompact(_ token: String, key: _RSA.Signing.PublicKey) throws(Failure) -> Verified {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw Failure("the client assertion is not a compact JWS (three parts joined by '.')")
        }
        let header = try decodeObject(parts[0], "header")
        guard header["alg"]?.stringValue == "RS256" else {
            throw Failure("the client assertion's alg must be RS256, found \(header["alg"]?.compactJSON ?? "none")")
        }
        try checkSignature(header: parts[0], payload: parts[1], signature: parts[2], key: key)
        return Verified(header: header, payload: try decodeObject(parts[1], "payload"), key: key)
    }

    /// The `jwk.kid` (or `kid`) of a compact JWS's header, read without verifying: it names the
    /// client whose key must then verify the JWS.
    static func kid(ofCompact token: String) -> String? {
        guard let part = token.split(separator: ".", omittingEmptySubsequences: false).first,
            let header = try? decodeObject(String(part), "header")
        else { return nil }
        return header["jwk"]?["kid"]?.stringValue ?? header["kid"]?.stringValue
    }

    /// An RSA public key from a JWK's `n` and `e` (Base64url, as JWK says; Base64 accepted).
    static func publicKey(_ jwk: JSONValue) throws(Failure) -> _RSA.Signing.PublicKey {
        guard jwk["kty"]?.stringValue == "RSA", let n = jwk["n"]?.stringValue.flatMap(Base64URL.decode),
            let e = jwk["e"]?.stringValue.flatMap(Base64URL.decode)
        else { throw Failure("the jwk must be an RSA key with n and e") }
        do {
            return try _RSA.Signing.PublicKey(n: n, e: e)
        } catch {
            throw Failure("the jwk is not a usable RSA public key: \(error)")
        }
    }

    static func checkSignature(header: String, payload: String, signature: String, key: _RSA.Signing.PublicKey)
        throws(Failure)
    {
        guard let bytes = Base64URL.decode(signature) else { throw Failure("the JWS signature is not Base64") }
        let signed = Data("\(header).\(payload)".utf8)
        guard
            key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: bytes), for: signed, padding: .insecurePKCS1v1_5)
        else { throw Failure("the JWS signature does not verify (RS256 over header.payload)") }
    }

    private static func decodeObject(_ part: String, _ what: String) throws(Failure) -> JSONValue {
        guard let data = Base64URL.decode(part) else { throw Failure("the JWS \(what) is not Base64 or Base64url") }
        guard let json = try? JSONValue.parse(data), json.objectValue != nil else {
            throw Failure("the JWS \(what) is not a JSON object")
        }
        return json
    }
}

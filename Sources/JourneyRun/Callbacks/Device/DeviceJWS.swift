import Crypto
import Foundation
import JourneyCore

/// Compact JWS signed with ES256, as the Ping SDKs' device binding and signing produce them.
enum DeviceJWS {
    /// The signed token `header.claims.signature` (base64url parts; the signature is raw r‖s).
    /// The header is `{typ: "JWS", alg: "ES256", kid}` plus the public key as `jwk` when binding.
    static func sign(claims: JSONValue, key: P256.Signing.PrivateKey, includeJWK: Bool) throws -> String {
        let kid = keyId(of: key.publicKey)
        var header: [String: JSONValue] = ["typ": "JWS", "alg": "ES256", "kid": .string(kid)]
        if includeJWK { header["jwk"] = jwk(of: key.publicKey, kid: kid) }
        let signingInput = Base64URL.encode(JSONValue.object(header).encoded) + "." + Base64URL.encode(claims.encoded)
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The public key as a JWK: `{kty: EC, crv: P-256, x, y, use: sig, alg: ES256, kid}`.
    static func jwk(of publicKey: P256.Signing.PublicKey, kid: String) -> JSONValue {
        let (x, y) = coordinates(of: publicKey)
        return [
            "kty": "EC", "crv": "P-256", "x": .string(x), "y": .string(y), "use": "sig", "alg": "ES256",
            "kid": .string(kid),
        ]
    }

    /// The RFC 7638 thumbprint of the key: the same key always has the same id, so a key file
    /// bound in one run is found again by AM in the next.
    static func keyId(of publicKey: P256.Signing.PublicKey) -> String {
        let (x, y) = coordinates(of: publicKey)
        let members: JSONValue = ["crv": "P-256", "kty": "EC", "x": .string(x), "y": .string(y)]
        return Base64URL.encode(Data(SHA256.hash(data: members.encoded)))
    }

    /// base64url x and y from the uncompressed point `04 ‖ x ‖ y`.
    private static func coordinates(of publicKey: P256.Signing.PublicKey) -> (String, String) {
        let point = publicKey.x963Representation.dropFirst()
        return (Base64URL.encode(Data(point.prefix(32))), Base64URL.encode(Data(point.suffix(32))))
    }
}

/// The claims of a binding or signing JWS: `sub` (the user's DN, omitted when empty),
/// `challenge`, `iat`/`nbf` (now), `exp` (now + the callback's `timeout` seconds), `iss`, `platform`.
enum DeviceClaims {
    static let issuer = "com.pingidentity.journey"
    static let platform = "ios"
    static let defaultTimeoutSeconds = 60

    static func make(for callback: AMCallback, now: Date) -> JSONValue {
        let issuedAt = Int(now.timeIntervalSince1970)
        let timeout = callback.output("timeout")?.intValue ?? defaultTimeoutSeconds
        var claims: [String: JSONValue] = [
            "challenge": .string(callback.output("challenge")?.stringValue ?? ""),
            "iat": .int(issuedAt), "nbf": .int(issuedAt), "exp": .int(issuedAt + timeout),
            "iss": .string(issuer), "platform": .string(platform),
        ]
        if let userId = callback.output("userId")?.stringValue, !userId.isEmpty { claims["sub"] = .string(userId) }
        return .object(claims)
    }
}

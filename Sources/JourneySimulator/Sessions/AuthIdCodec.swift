import Crypto
import Foundation
import JourneyCore

/// The claims of an authId JWT, as AM writes them.
struct AuthIdClaims: Sendable {
    var journey: String
    var indexType: String
    var realm: String
    var stateId: String
    var otk: String
    var iat: Int
    var exp: Int
}

/// Signs and checks authIds: HS256 JWTs over the claims, with the tree's secret.
struct AuthIdCodec: Sendable {
    enum Failure: Error {
        /// Not a JWT, or its signature does not match (400 "AuthId JWT Signature not valid").
        case invalidSignature
        /// Signed by us but past `exp` (401 "Session has timed out").
        case expired
    }

    /// HMAC keyed with the secret once, which saves the key schedule on every request. Each use
    /// copies it and only the copy is updated; swift-crypto's hash state is copy-on-write, so
    /// concurrent uses never share mutable state.
    private let keyed: HMAC<SHA256>
    private static let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"HS256"}"#.utf8))

    init(secret: String) {
        self.keyed = HMAC<SHA256>(key: SymmetricKey(data: Array(secret.utf8)))
    }

    func sign(_ claims: AuthIdClaims) -> String {
        var writer = JSONWriter(capacity: 192)
        writer.object { object in
            object.member("authIndexValue", string: claims.journey)
            object.member("otk", string: claims.otk)
            object.member("authIndexType", string: claims.indexType)
            object.member("realm", string: claims.realm)
            object.member("sessionId", string: claims.stateId)
            object.member("exp", int: claims.exp)
            object.member("iat", int: claims.iat)
        }
        let signingInput = Self.header + "." + Base64URL.encode(writer.bytes)
        return signingInput + "." + Base64URL.encode(mac(Array(signingInput.utf8)))
    }

    private func mac(_ bytes: [UInt8]) -> [UInt8] {
        var hmac = keyed
        hmac.update(data: bytes)
        return Array(hmac.finalize())
    }

    func verify(_ token: String, now: Date) -> Result<AuthIdClaims, Failure> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URL.decodeBytes(parts[2]) else {
            return .failure(.invalidSignature)
        }
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        var hmac = keyed
        hmac.update(data: signingInput)
        // swift-crypto compares a MAC with bytes in constant time.
        guard hmac.finalize() == signature,
            let payload = Base64URL.decodeBytes(parts[1]), let json = try? JSONReader.parse(payload),
            let journey = json["authIndexValue"]?.stringValue, let stateId = json["sessionId"]?.stringValue,
            let otk = json["otk"]?.stringValue, let exp = json["exp"]?.intValue
        else { return .failure(.invalidSignature) }
        let claims = AuthIdClaims(
            journey: journey, indexType: json["authIndexType"]?.stringValue ?? "service",
            realm: json["realm"]?.stringValue ?? "/", stateId: stateId, otk: otk, iat: json["iat"]?.intValue ?? 0,
            exp: exp)
        guard Double(exp) > now.timeIntervalSince1970 else { return .failure(.expired) }
        return .success(claims)
    }
}

import Crypto
import Foundation
import JourneyCore

/// Makes ID tokens: a JWS over AM's claims, signed with the client's key, spoiled on purpose by
/// the client's `idTokenFaults`.
struct IDTokenMinter {
    let key: OAuthSigningKey
    let client: OAuthClient
    let issuer: String
    let lifetime: Int
    let users: UserStore

    /// What goes into one ID token besides the grant.
    struct Request {
        var context: OAuthGrantContext
        var scope: [String]
        var nonce: String?
        var accessToken: String
        var now: Date
    }

    /// The compact JWS, and whether it is a good one (no fault applied).
    func mint(_ request: Request) -> (token: String, valid: Bool)? {
        let faults = Set(client.idTokenFaults)
        let username = request.context.username ?? client.clientId
        var iat = Int(request.now.timeIntervalSince1970)
        if faults.contains(.expired) { iat -= lifetime + 60 }
        var claims = Self.scopeClaims(users.user(username), scope: request.scope)
        claims["iss"] = .string(faults.contains(.wrongIssuer) ? issuer + "/wrong" : issuer)
        claims["sub"] = .string(username)
        claims["subname"] = .string(username)
        claims["aud"] = .string(faults.contains(.wrongAudience) ? "not-" + client.clientId : client.clientId)
        claims["azp"] = .string(client.clientId)
        claims["iat"] = .int(iat)
        claims["exp"] = .int(iat + lifetime)
        if let authTime = request.context.authTime { claims["auth_time"] = .int(Int(authTime.timeIntervalSince1970)) }
        if let nonce = request.nonce {
            claims["nonce"] = .string(faults.contains(.wrongNonce) ? nonce + "-wrong" : nonce)
        } else if faults.contains(.wrongNonce) {
            claims["nonce"] = "unexpected-nonce"
        }
        let hashed = faults.contains(.badAtHash) ? request.accessToken + "-other" : request.accessToken
        claims["at_hash"] = .string(Self.atHash(hashed))
        if let acr = request.context.acr, !acr.isEmpty { claims["acr"] = .string(acr) }
        claims["realm"] = .string(request.context.realm)
        if let sid = request.context.sid { claims["sid"] = .string(sid) }
        claims["tokenType"] = "JWTToken"
        let header: JSONValue = [
            "typ": "JWT", "kid": .string(faults.contains(.unknownKid) ? "unknown-kid" : key.kid),
            "alg": .string(key.alg.rawValue),
        ]
        let input = Base64URL.encode(header.fastJSON) + "." + Base64URL.encode(JSONValue.object(claims).fastJSON)
        guard var signature = key.material.sign(input), !signature.isEmpty else { return nil }
        if faults.contains(.badSignature) { signature[signature.count / 2] ^= 0x5A }
        return (input + "." + Base64URL.encode(signature), faults.isEmpty)
    }

    /// The claims `profile`, `email` and `phone` release, from the user's attributes.
    static func scopeClaims(_ user: SimulatedUser?, scope: [String]) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [:]
        guard let user else { return claims }
        func attribute(_ name: String) -> String? { user.attributes[name]?.displayText }
        if scope.contains("profile") {
            let given = attribute("givenName")
            let family = attribute("sn")
            if let given { claims["given_name"] = .string(given) }
            if let family { claims["family_name"] = .string(family) }
            let name = [given, family].compactMap { $0 }.joined(separator: " ")
            if !name.isEmpty { claims["name"] = .string(name) }
        }
        if scope.contains("email"), let mail = attribute("mail") { claims["email"] = .string(mail) }
        if scope.contains("phone"), let phone = attribute("telephoneNumber") { claims["phone_number"] = .string(phone) }
        return claims
    }

    /// `at_hash`: the left half of the access token's SHA-256, Base64url.
    static func atHash(_ accessToken: String) -> String {
        let digest = Array(SHA256.hash(data: Data(accessToken.utf8)))
        return Base64URL.encode(Array(digest.prefix(digest.count / 2)))
    }
}

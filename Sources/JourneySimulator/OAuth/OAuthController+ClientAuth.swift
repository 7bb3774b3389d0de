import Foundation
import JourneyCore

extension OAuthController {
    static let jwtBearer = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// Seconds ahead a client assertion's `exp` may be (five minutes, and a little clock skew).
    static let assertionHorizon = 310.0

    /// The client a token, introspection or revocation request authenticates as:
    /// `client_secret_basic`, `client_secret_post`, `private_key_jwt`, or `none` for a public client.
    /// Nil when authentication fails (401 invalid_client).
    func authenticateClient(_ call: OAuthCall) -> OAuthClient? {
        if let authorization = call.request.headers[.authorization],
            authorization.lowercased().hasPrefix("basic ")
        {
            guard let (id, secret) = Self.basicCredentials(String(authorization.dropFirst(6))),
                call["client_id"] == nil || call["client_id"] == id, let client = definition.client(id),
                let expected = client.secret, expected == secret
            else { return nil }
            return client
        }
        if call["client_assertion_type"] != nil || call["client_assertion"] != nil {
            guard call["client_assertion_type"] == Self.jwtBearer, let assertion = call["client_assertion"] else {
                return nil
            }
            return assertedClient(assertion, call)
        }
        guard let id = call["client_id"], let client = definition.client(id) else { return nil }
        if let secret = call["client_secret"] {
            guard let expected = client.secret, expected == secret else { return nil }
            return client
        }
        return client.isPublic ? client : nil
    }

    /// `Basic base64(urlencode(id):urlencode(secret))` → (id, secret).
    static func basicCredentials(_ encoded: String) -> (String, String)? {
        guard let data = Data(base64Encoded: encoded.trimmingCharacters(in: .whitespaces)) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let id = PercentEncoding.decoded(text[..<colon], plusAsSpace: true)
        let secret = PercentEncoding.decoded(text[text.index(after: colon)...], plusAsSpace: true)
        guard let id, let secret else { return nil }
        return (id, secret)
    }

    /// The client whose key signed `assertion`, when its claims are right: `iss` = `sub` = the
    /// client, `aud` the token endpoint (or the issuer), `exp` ahead but at most five minutes, a `jti`.
    private func assertedClient(_ assertion: String, _ call: OAuthCall) -> OAuthClient? {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decodeBytes(parts[0]),
            let payloadBytes = Base64URL.decodeBytes(parts[1]), let signature = Base64URL.decodeBytes(parts[2]),
            let header = try? JSONReader.parse(headerBytes), let claims = try? JSONReader.parse(payloadBytes),
            let issuer = claims["iss"]?.stringValue
        else { return nil }
        let id = call["client_id"] ?? issuer
        guard let client = definition.client(id), let key = client.publicKey,
            header["alg"]?.stringValue == key.alg.rawValue,
            key.verifies(signature, input: assertion[..<parts[1].endIndex]),
            issuer == id, claims["sub"]?.stringValue == id, claims["jti"]?.stringValue?.isEmpty == false,
            let exp = claims["exp"]?.doubleValue
        else { return nil }
        let now = now.timeIntervalSince1970
        guard exp > now, exp <= now + Self.assertionHorizon else { return nil }
        let accepted: Set<String> = [
            call.endpoint("access_token"), call.issuer, call.request.baseURL + call.request.path,
        ]
        let audiences = claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? [claims["aud"]?.stringValue ?? ""]
        guard audiences.contains(where: accepted.contains) else { return nil }
        return client
    }
}

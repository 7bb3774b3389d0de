import Foundation
import JourneyCore

/// Reads what an OAuth 2.0 provider sends the way the `oauth:` phase does, for the fuzz target:
/// an ID token's parts and claims, a redirect's parameters, a discovery document, a token
/// response or an error body. Every reader rejects bad input with a value, never a trap.
package enum OAuthWireReader {
    /// Reads `bytes` as the answer of one kind, picked by `form`: 0 an ID token, 1 a redirect URL,
    /// 2 a discovery document, 3 a token or error body. Returns whether it was accepted.
    @discardableResult
    package static func read(_ bytes: [UInt8], form: UInt8) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        switch form % 4 {
        case 0:
            guard case .success(let decoded) = IDTokenVerifier.decode(text) else { return false }
            var notes: [String] = []
            let expected = IDTokenVerifier.Expected(
                issuer: "https://am.example.com/am/oauth2/realms/root/realms/alpha", clientId: "client",
                nonce: "nonce", accessToken: "token", now: Date(timeIntervalSince1970: 1_800_000_000))
            return IDTokenVerifier.checkClaims(decoded.claims, expected: expected, notes: &notes) == nil
        case 1:
            let parameters = OAuthForm.parameters(of: text)
            return OAuthFailure.fromRedirect(parameters, status: 302) == nil
                && parameters.contains { $0.name == "code" }
        case 2:
            guard let json = try? JSONValue.parse(Data(bytes)) else { return false }
            let endpoints = OAuthEndpoints.discovered(
                json, fallback: OAuthEndpoints.am(base: "https://am.example.com/am", realm: "alpha"))
            return endpoints.issuer != nil
        default:
            let json = try? JSONValue.parse(Data(bytes))
            return OAuthFailure.fromBody(json, status: 400) == nil && json?["access_token"]?.stringValue != nil
        }
    }
}

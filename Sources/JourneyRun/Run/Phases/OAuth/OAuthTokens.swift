import JourneyCore

/// The tokens the `oauth:` phase obtained, kept on the session for later phases (`request:`
/// with a token, `cleanup:` revoke and end session) and for `expect.tokens`.
struct OAuthTokens: Sendable {
    var accessToken: String
    var refreshToken: String?
    var idToken: String?
    var tokenType: String
    /// The granted scope (the token response's, else the requested one).
    var scope: [String]
    var expiresIn: Int?
    /// The ID token's claims, once verified (or checked as far as a recording allows).
    var claims: [String: JSONValue] = [:]
    /// userinfo's answer, when called.
    var userinfo: JSONValue?
    /// The introspection endpoint's answer for the access token, when asked.
    var introspection: JSONValue?
}

import JourneyCore

/// Where a realm's OAuth 2.0 endpoints are: from `/.well-known/openid-configuration` when the
/// server offers it, else AM's realm-qualified paths.
struct OAuthEndpoints: Sendable {
    var issuer: String?
    var authorize: String
    var token: String
    var userinfo: String
    var introspect: String
    var revoke: String
    var endSession: String
    var jwks: String

    /// `<base>/oauth2/realms/root/realms/<realm>` (root: `<base>/oauth2/realms/root`).
    static func realmBase(base: String, realm: String) -> String {
        AMEndpoints.normalizedBase(base) + "/oauth2" + AMEndpoints.realmPath(realm).dropFirst("/json".count)
    }

    /// AM's own paths for `realm`, used without discovery.
    static func am(base: String, realm: String) -> OAuthEndpoints {
        let root = realmBase(base: base, realm: realm)
        return OAuthEndpoints(
            issuer: nil, authorize: root + "/authorize", token: root + "/access_token", userinfo: root + "/userinfo",
            introspect: root + "/introspect", revoke: root + "/token/revoke",
            endSession: root + "/connect/endSession", jwks: root + "/connect/jwk_uri")
    }

    /// The discovery document's endpoints; AM's paths fill in what it does not name.
    static func discovered(_ json: JSONValue, fallback: OAuthEndpoints) -> OAuthEndpoints {
        func url(_ name: String, _ otherwise: String) -> String {
            guard let text = json[name]?.stringValue, isHTTPURL(text) else { return otherwise }
            return text
        }
        return OAuthEndpoints(
            issuer: json["issuer"]?.stringValue,
            authorize: url("authorization_endpoint", fallback.authorize),
            token: url("token_endpoint", fallback.token),
            userinfo: url("userinfo_endpoint", fallback.userinfo),
            introspect: url("introspection_endpoint", fallback.introspect),
            revoke: url("revocation_endpoint", fallback.revoke),
            endSession: url("end_session_endpoint", fallback.endSession),
            jwks: url("jwks_uri", fallback.jwks))
    }

    static func isHTTPURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

import JourneyCore

extension OAuthController {
    /// `GET …/.well-known/openid-configuration`.
    func discovery(_ call: OAuthCall) -> HTTPReply {
        let body: JSONValue = [
            "issuer": .string(call.issuer),
            "authorization_endpoint": .string(call.endpoint("authorize")),
            "token_endpoint": .string(call.endpoint("access_token")),
            "userinfo_endpoint": .string(call.endpoint("userinfo")),
            "introspection_endpoint": .string(call.endpoint("introspect")),
            "revocation_endpoint": .string(call.endpoint("token/revoke")),
            "end_session_endpoint": .string(call.endpoint("connect/endSession")),
            "jwks_uri": .string(call.endpoint("connect/jwk_uri")),
            "scopes_supported": .array(definition.scopes.map { .string($0) }),
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256", "ES256"],
            "code_challenge_methods_supported": ["S256", "plain"],
            "token_endpoint_auth_methods_supported": [
                "client_secret_basic", "client_secret_post", "private_key_jwt", "none",
            ],
            "claims_supported": [
                "sub", "subname", "name", "given_name", "family_name", "email", "phone_number", "acr", "auth_time",
                "nonce", "sid", "realm",
            ],
        ]
        return .json(.ok, body, outcome: "200 openid-configuration")
    }

    /// `GET …/connect/jwk_uri`: the public halves of the signing keys.
    func jwks() -> HTTPReply {
        let keys = definition.keys.compactMap { $0.material.jwk(kid: $0.kid, alg: $0.alg) }
        return .json(.ok, ["keys": .array(keys)], outcome: "200 jwks")
    }
}

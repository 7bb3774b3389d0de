import JourneyCore

/// `oauth:` — after the journey, OAuth 2.0 / OpenID Connect tokens for a client, as the Ping SDKs
/// get them: authorization code with PKCE using the journey's session (no browser), or client
/// credentials for a service client; then, optionally, a refresh and userinfo.
package struct OAuthSpec: Sendable {
    /// The variables the OAuth phase sets for `capture` and later templates.
    package static let variables: Set<String> = ["access_token", "refresh_token", "id_token", "claims"]
    package enum Grant: String, Sendable, CaseIterable {
        /// `response_type=code` with the session cookie, then `/access_token` (the SDKs' flow).
        case authorizationCode
        /// `grant_type=client_credentials` for a confidential service client: no journey needed.
        case clientCredentials
    }

    /// How the client authenticates at the token endpoint.
    package enum ClientAuth: String, Sendable, CaseIterable {
        /// A public client: `client_id` in the form only.
        case none
        /// `Authorization: Basic` with the client id and secret (the default with a secret).
        case basic
        /// `client_id` and `client_secret` in the form.
        case post
        /// A JWT signed with the client's private key (`client_assertion`).
        case privateKeyJwt
    }

    /// The answer to a consent page (`decision=allow|deny` with the session as `csrf`).
    package enum Consent: String, Sendable, CaseIterable {
        case allow, deny
    }

    package var clientId: Template
    package var redirectUri: Template?
    /// The scopes asked for; empty sends no `scope` (the client's defaults apply).
    package var scope: [String]
    package var grant: Grant
    /// Always a secret.
    package var clientSecret: ValueSpec?
    package var clientAuth: ClientAuth
    /// The PEM private key (RS256 or ES256) of `private_key_jwt`, relative to the script.
    package var privateKey: Located<String>?
    /// `privateKey` as a template (`"{{ env.KEYS }}/client.pem"`), resolved when the key is used.
    package var privateKeyPath: Template?
    /// The `kid` of the client assertion's header.
    package var keyId: String?
    /// PKCE S256 (the default); false sends no `code_challenge`.
    package var pkce: Bool
    package var acrValues: Template?
    /// Extra authorize parameters (`prompt`, `ui_locales`, ...).
    package var authorize: [(name: String, value: Template)]
    /// Answer a consent page; nil: a consent page is the failure `consent_required`.
    package var consent: Consent?
    /// After the first tokens, refresh once (the new refresh token replaces the old one).
    package var refresh: Bool
    /// Read `/.well-known/openid-configuration` (default); false: AM's realm paths.
    package var discovery: Bool
    /// Call userinfo with the access token.
    package var userinfo: Bool
    package var location: SourceLocation

    package init(
        clientId: Template, redirectUri: Template? = nil, scope: [String] = [], grant: Grant = .authorizationCode,
        clientSecret: ValueSpec? = nil, clientAuth: ClientAuth = .none, privateKey: Located<String>? = nil,
        keyId: String? = nil, pkce: Bool = true, acrValues: Template? = nil,
        authorize: [(name: String, value: Template)] = [], consent: Consent? = nil, refresh: Bool = false,
        discovery: Bool = true, userinfo: Bool = false, location: SourceLocation
    ) {
        self.clientId = clientId
        self.redirectUri = redirectUri
        self.scope = scope
        self.grant = grant
        self.clientSecret = clientSecret
        self.clientAuth = clientAuth
        self.privateKey = privateKey
        self.keyId = keyId
        self.pkce = pkce
        self.acrValues = acrValues
        self.authorize = authorize
        self.consent = consent
        self.refresh = refresh
        self.discovery = discovery
        self.userinfo = userinfo
        self.location = location
    }
}

/// `expect.tokens:` — checks on the tokens of the `oauth:` phase, beside the journey's outcome.
package struct TokensExpectation: Sendable {
    package enum Scope: Sendable {
        /// Every listed scope was granted (others may be too).
        case includes([String])
        /// The granted scope, as one space-separated text, matches.
        case matches(TextPattern)
    }

    /// A claim's expected value: `/regex/`, a text with templates (compared once expanded), or a
    /// JSON value compared for equality (a claim's text "42" does not equal the number 42).
    package enum Claim: Sendable {
        case matches(TextPattern)
        case template(Template)
        case equals(JSONValue)
    }

    package var scope: Scope?
    /// ID token claims.
    package var claims: [(name: String, expected: Claim)]
    package var expiresInMin: Int?
    package var expiresInMax: Int?
    package var refreshToken: Bool?
    package var idToken: Bool?
    /// userinfo's members; implies a userinfo call.
    package var userinfo: [(name: String, expected: Claim)]?
    /// Members of the token's introspection (MobileFirst `introspect: true`).
    package var introspection: [(name: String, expected: Claim)]?
    package var location: SourceLocation

    package init(
        scope: Scope? = nil, claims: [(name: String, expected: Claim)] = [], expiresInMin: Int? = nil,
        expiresInMax: Int? = nil, refreshToken: Bool? = nil, idToken: Bool? = nil,
        userinfo: [(name: String, expected: Claim)]? = nil, location: SourceLocation
    ) {
        self.scope = scope
        self.claims = claims
        self.expiresInMin = expiresInMin
        self.expiresInMax = expiresInMax
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.userinfo = userinfo
        self.location = location
    }
}

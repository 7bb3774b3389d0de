import JourneyCore

/// The OAuth 2.0 / OpenID Connect provider of a tree file (`oauth:`), served under
/// `/am/oauth2/realms/root[/realms/<realm>]/` in every realm the tree serves.
package struct OAuthDefinition: Sendable {
    /// Keys that sign ID tokens, in declaration order (the first is the default).
    package var keys: [OAuthSigningKey]
    package var lifetimes: OAuthLifetimes
    /// The realm's known scopes.
    package var scopes: [String]
    package var clients: [OAuthClient]
    package var location: SourceLocation?

    package init(
        keys: [OAuthSigningKey] = [], lifetimes: OAuthLifetimes = OAuthLifetimes(), scopes: [String] = [],
        clients: [OAuthClient] = [], location: SourceLocation? = nil
    ) {
        self.keys = keys
        self.lifetimes = lifetimes
        self.scopes = scopes
        self.clients = clients
        self.location = location
    }

    /// The client registered as `clientId`.
    package func client(_ clientId: String) -> OAuthClient? {
        clients.first { $0.clientId == clientId }
    }

    /// The key that signs `client`'s ID tokens: its `idTokenKey`, else the first key.
    func signingKey(for client: OAuthClient) -> OAuthSigningKey? {
        if let kid = client.idTokenKey { return keys.first { $0.kid == kid } }
        return keys.first
    }
}

/// Seconds each kind of grant lives, on the simulator clock.
package struct OAuthLifetimes: Sendable, Equatable {
    package var code = 120
    package var accessToken = 3600
    package var refreshToken = 604_800
    package var idToken = 3600

    package init() {}
}

/// The JWS algorithms the provider signs with and accepts in client assertions.
package enum OAuthAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256"
    case es256 = "ES256"
}

/// A signing key of the provider: a PEM private key read from a file next to the tree.
package struct OAuthSigningKey: Sendable {
    package var kid: String
    package var alg: OAuthAlgorithm
    /// The PEM file as written in the tree.
    package var file: String
    let material: SigningKeyMaterial
}

/// The OAuth 2.0 grants a client may use (`grants:`).
package enum OAuthGrant: String, Sendable, CaseIterable {
    case authorizationCode, refreshToken, clientCredentials

    /// The `grant_type` parameter that names the grant.
    var grantType: String {
        switch self {
        case .authorizationCode: "authorization_code"
        case .refreshToken: "refresh_token"
        case .clientCredentials: "client_credentials"
        }
    }
}

/// A bad ID token a client gets on purpose, for testing relying parties (`idTokenFaults:`).
package enum IDTokenFault: String, Sendable, CaseIterable {
    case badSignature, wrongAudience, expired, wrongIssuer, wrongNonce, badAtHash, unknownKid
}

/// A registered OAuth 2.0 client.
package struct OAuthClient: Sendable {
    package var clientId: String
    /// The client secret (`client_secret_basic` / `client_secret_post`).
    package var secret: String?
    /// The PEM public key file the client signs `private_key_jwt` assertions with.
    package var jwksFile: String?
    package var redirectUris: [String]
    package var postLogoutRedirectUris: [String]
    package var scopes: [String]
    /// Scopes granted when authorize asks for none.
    package var defaultScopes: [String]
    package var grants: [OAuthGrant]
    /// The kid of the key that signs the client's ID tokens (nil: the first key).
    package var idTokenKey: String?
    /// Show a consent page before issuing a code.
    package var consent: Bool
    package var idTokenFaults: [IDTokenFault]
    var publicKey: ClientKeyMaterial?

    /// A public client has neither a secret nor a key: it must use PKCE.
    package var isPublic: Bool { secret == nil && jwksFile == nil }

    package init(clientId: String) {
        self.clientId = clientId
        self.redirectUris = []
        self.postLogoutRedirectUris = []
        self.scopes = []
        self.defaultScopes = []
        self.grants = [.authorizationCode, .refreshToken]
        self.consent = false
        self.idTokenFaults = []
    }
}

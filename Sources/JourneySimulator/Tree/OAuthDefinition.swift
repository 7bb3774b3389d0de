import JourneyCore

/// The OAuth 2.0 / OpenID Connect provider of a tree file (`oauth:`), served under
/// `/am/oauth2/realms/root[/realms/<realm>]/` in every realm the tree serves.
public struct OAuthDefinition: Sendable {
    /// Keys that sign ID tokens, in declaration order (the first is the default).
    public var keys: [OAuthSigningKey]
    public var lifetimes: OAuthLifetimes
    /// The realm's known scopes.
    public var scopes: [String]
    public var clients: [OAuthClient]
    public var location: SourceLocation?

    public init(
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
    public func client(_ clientId: String) -> OAuthClient? {
        clients.first { $0.clientId == clientId }
    }

    /// The key that signs `client`'s ID tokens: its `idTokenKey`, else the first key.
    func signingKey(for client: OAuthClient) -> OAuthSigningKey? {
        if let kid = client.idTokenKey { return keys.first { $0.kid == kid } }
        return keys.first
    }
}

/// Seconds each kind of grant lives, on the simulator clock.
public struct OAuthLifetimes: Sendable, Equatable {
    public var code = 120
    public var accessToken = 3600
    public var refreshToken = 604_800
    public var idToken = 3600

    public init() {}
}

/// The JWS algorithms the provider signs with and accepts in client assertions.
public enum OAuthAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256"
    case es256 = "ES256"
}

/// A signing key of the provider: a PEM private key read from a file next to the tree.
public struct OAuthSigningKey: Sendable {
    public var kid: String
    public var alg: OAuthAlgorithm
    /// The PEM file as written in the tree.
    public var file: String
    let material: SigningKeyMaterial
}

/// The OAuth 2.0 grants a client may use (`grants:`).
public enum OAuthGrant: String, Sendable, CaseIterable {
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
public enum IDTokenFault: String, Sendable, CaseIterable {
    case badSignature, wrongAudience, expired, wrongIssuer, wrongNonce, badAtHash, unknownKid
}

/// A registered OAuth 2.0 client.
public struct OAuthClient: Sendable {
    public var clientId: String
    /// The client secret (`client_secret_basic` / `client_secret_post`).
    public var secret: String?
    /// The PEM public key file the client signs `private_key_jwt` assertions with.
    public var jwksFile: String?
    public var redirectUris: [String]
    public var postLogoutRedirectUris: [String]
    public var scopes: [String]
    /// Scopes granted when authorize asks for none.
    public var defaultScopes: [String]
    public var grants: [OAuthGrant]
    /// The kid of the key that signs the client's ID tokens (nil: the first key).
    public var idTokenKey: String?
    /// Show a consent page before issuing a code.
    public var consent: Bool
    public var idTokenFaults: [IDTokenFault]
    var publicKey: ClientKeyMaterial?

    /// A public client has neither a secret nor a key: it must use PKCE.
    public var isPublic: Bool { secret == nil && jwksFile == nil }

    public init(clientId: String) {
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

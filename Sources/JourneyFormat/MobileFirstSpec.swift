import JourneyCore

/// `protocol: mobilefirst`: what the script asks of a MobileFirst Foundation 8.0 server — the
/// scope to obtain a token for, how the client registers, and one handler per security check.
public struct MobileFirstSpec: Sendable {
    /// Scope elements, sent sorted and space-separated (as the SDKs do).
    public var scope: [String]
    /// The application the client registers as.
    public var application: MobileFirstApplication
    /// The OAuth redirect_uri of the authorization and token requests.
    public var redirectURI: String
    /// How the registration JWS parts are encoded (the web SDK uses Base64, native clients Base64url).
    public var encoding: JWSEncoding
    /// One handler per security check, by check name.
    public var handlers: [SecurityCheckHandler]
    /// `authorizationCode` (the default: a mobile client registers and answers its security
    /// checks) or `clientCredentials` (the confidential client gets the token with HTTP Basic).
    public var grant: OAuthSpec.Grant = .authorizationCode
    /// The confidential client of the `clientCredentials` grant and of token introspection.
    public var confidentialClient: MobileFirstConfidentialClient?
    /// Introspect the run's token at `/az/v1/introspection` with the confidential client.
    public var introspect = false
    /// `POST /preauth/v1/heartbeat` once the token is obtained.
    public var heartbeat = false
    /// Log out of this security check once the token is obtained, then preauthorize again: the
    /// check must challenge again.
    public var logout: Located<String>?
    public var location: SourceLocation

    public init(
        scope: [String], application: MobileFirstApplication = MobileFirstApplication(),
        redirectURI: String = "https://mfpredirecturi", encoding: JWSEncoding = .base64url,
        handlers: [SecurityCheckHandler] = [], location: SourceLocation
    ) {
        self.scope = scope
        self.application = application
        self.redirectURI = redirectURI
        self.encoding = encoding
        self.handlers = handlers
        self.location = location
    }

    /// The scope parameter: elements sorted alphabetically, joined by spaces.
    public var scopeParameter: String { scope.sorted().joined(separator: " ") }
}

/// A confidential client (challenges.md §1.5 4): HTTP Basic with its id and secret, no challenges.
public struct MobileFirstConfidentialClient: Sendable {
    public var id: Template
    /// Always a secret.
    public var secret: ValueSpec

    public init(id: Template, secret: ValueSpec) {
        self.id = id
        self.secret = secret
    }
}

/// Base64 variants for the registration JWS.
public enum JWSEncoding: String, Sendable, CaseIterable {
    case base64url, base64
}

/// The registering application (the registration payload's `application` and `device`).
public struct MobileFirstApplication: Sendable {
    public var id: String
    public var platform: String
    public var version: String

    public init(id: String = "com.example.journey", platform: String = "ios", version: String = "1.0.0") {
        self.id = id
        self.platform = platform
        self.version = version
    }
}

/// How to answer one security check's challenge: the entry sent for it in `challengeResponse`.
public struct SecurityCheckHandler: Sendable {
    /// The security check's name, e.g. `SimpleCaptcha`.
    public var check: Located<String>
    public var answer: SecurityCheckAnswer
    public var location: SourceLocation

    public init(check: Located<String>, answer: SecurityCheckAnswer, location: SourceLocation) {
        self.check = check
        self.answer = answer
        self.location = location
    }
}

/// The answer object: members written out (each a value, or `solve:`), or a whole value from a source.
public enum SecurityCheckAnswer: Sendable {
    case members([(name: String, value: SecurityCheckAnswerMember)])
    case value(ValueSpec)
}

/// One member of an answer object.
public enum SecurityCheckAnswerMember: Sendable {
    /// A literal, a template (which may read `challenge.<field>`), or a value source.
    case value(ValueSpec)
    /// A computed answer; `solve: arithmetic` reads the challenge's `captcha` (or the text given).
    case solve(SolveSpec)
}

import JourneyCore

/// `protocol: mobilefirst`: what the script asks of a MobileFirst Foundation 8.0 server — the
/// scope to obtain a token for, how the client registers, and one handler per security check.
package struct MobileFirstSpec: Sendable {
    /// Scope elements, sent sorted and space-separated (as the SDKs do).
    package var scope: [String]
    /// The application the client registers as.
    package var application: MobileFirstApplication
    /// The OAuth redirect_uri of the authorization and token requests.
    package var redirectURI: String
    /// How the registration JWS parts are encoded (the web SDK uses Base64, native clients Base64url).
    package var encoding: JWSEncoding
    /// One handler per security check, by check name.
    package var handlers: [SecurityCheckHandler]
    /// `authorizationCode` (the default: a mobile client registers and answers its security
    /// checks) or `clientCredentials` (the confidential client gets the token with HTTP Basic).
    package var grant: OAuthSpec.Grant = .authorizationCode
    /// The confidential client of the `clientCredentials` grant and of token introspection.
    package var confidentialClient: MobileFirstConfidentialClient?
    /// Introspect the run's token at `/az/v1/introspection` with the confidential client.
    package var introspect = false
    /// `POST /preauth/v1/heartbeat` once the token is obtained.
    package var heartbeat = false
    /// Log out of this security check once the token is obtained, then preauthorize again: the
    /// check must challenge again.
    package var logout: Located<String>?
    package var location: SourceLocation

    package init(
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
    package var scopeParameter: String { scope.sorted().joined(separator: " ") }
}

/// A confidential client (challenges.md §1.5 4): HTTP Basic with its id and secret, no challenges.
package struct MobileFirstConfidentialClient: Sendable {
    package var id: Template
    /// Always a secret.
    package var secret: ValueSpec

    package init(id: Template, secret: ValueSpec) {
        self.id = id
        self.secret = secret
    }
}

/// Base64 variants for the registration JWS.
package enum JWSEncoding: String, Sendable, CaseIterable {
    case base64url, base64
}

/// The registering application (the registration payload's `application` and `device`).
package struct MobileFirstApplication: Sendable {
    package var id: String
    package var platform: String
    package var version: String

    package init(id: String = "com.example.journey", platform: String = "ios", version: String = "1.0.0") {
        self.id = id
        self.platform = platform
        self.version = version
    }
}

/// How to answer one security check's challenge: the entry sent for it in `challengeResponse`.
package struct SecurityCheckHandler: Sendable {
    /// The security check's name, e.g. `SimpleCaptcha`.
    package var check: Located<String>
    package var answer: SecurityCheckAnswer
    package var location: SourceLocation

    package init(check: Located<String>, answer: SecurityCheckAnswer, location: SourceLocation) {
        self.check = check
        self.answer = answer
        self.location = location
    }
}

/// The answer object: members written out (each a value, or `solve:`), or a whole value from a source.
package enum SecurityCheckAnswer: Sendable {
    case members([(name: String, value: SecurityCheckAnswerMember)])
    case value(ValueSpec)
}

/// One member of an answer object.
package enum SecurityCheckAnswerMember: Sendable {
    /// A literal, a template (which may read `challenge.<field>`), or a value source.
    case value(ValueSpec)
    /// A computed answer; `solve: arithmetic` reads the challenge's `captcha` (or the text given).
    case solve(SolveSpec)
}

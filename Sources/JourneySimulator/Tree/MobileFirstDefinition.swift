import JourneyCore

/// The MobileFirst Foundation 8.0 mode of a tree file (`mobilefirst:`): security checks, scopes
/// and protected adapter resources, served under `/mfp/api/...`.
package struct MobileFirstDefinition: Sendable {
    /// Security checks by name.
    package var securityChecks: [String: SecurityCheckDefinition]
    /// Scope elements mapped to the security checks that protect them. A check's own name is
    /// always a scope element protected by that check; `RegisteredClient` needs none.
    package var scopes: [String: [String]]
    /// Protected adapter resources.
    package var adapters: [AdapterDefinition]
    /// Seconds an access token stays valid.
    package var tokenLifetime: Int
    /// Seconds an authorization code stays valid.
    package var codeLifetime: Int
    /// Faults for testing clients: a 409 conflict or a forgotten client, per device.
    package var faults: [MobileFirstFault]
    /// Confidential clients by id: `client_credentials` with HTTP Basic, and introspection.
    package var confidentialClients: [String: ConfidentialClientDefinition] = [:]
    package var location: SourceLocation?

    package init(
        securityChecks: [String: SecurityCheckDefinition] = [:], scopes: [String: [String]] = [:],
        adapters: [AdapterDefinition] = [], tokenLifetime: Int = 3600, codeLifetime: Int = 300,
        faults: [MobileFirstFault] = [], location: SourceLocation? = nil
    ) {
        self.securityChecks = securityChecks
        self.scopes = scopes
        self.adapters = adapters
        self.tokenLifetime = tokenLifetime
        self.codeLifetime = codeLifetime
        self.faults = faults
        self.location = location
    }

    /// The security checks protecting `element`, or nil when the element is unknown.
    func checks(forScopeElement element: String) -> [String]? {
        if let mapped = scopes[element] { return mapped }
        if securityChecks[element] != nil { return [element] }
        if element == "RegisteredClient" { return [] }
        return nil
    }
}

/// A confidential client (challenges.md §1.5 4): its secret and the scope elements it may ask
/// for (`*`: any, as the development server's `test` client).
package struct ConfidentialClientDefinition: Sendable {
    package var secret: String
    package var scope: [String]

    package init(secret: String, scope: [String] = ["*"]) {
        self.secret = secret
        self.scope = scope
    }

    /// True when every element of `requested` is allowed.
    func allows(_ requested: [String]) -> Bool {
        scope.contains("*") || requested.allSatisfy(scope.contains)
    }
}

/// One security check and its configuration properties (challenges.md §2.3).
package struct SecurityCheckDefinition: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        /// `{"captcha": "A + B", "message": …}`, answered `{"answer": "<sum>"}`.
        case simpleCaptcha
        /// `{"errorMsg": …, "remainingAttempts": n}`, answered `{"pin": "<pin>"}`.
        case pin
    }

    package var kind: Kind
    /// Wrong answers allowed before the check blocks.
    package var maxAttempts: Int
    package var attemptingStateExpirationSec: Int
    package var successStateExpirationSec: Int
    package var blockedStateExpirationSec: Int
    /// SimpleCaptcha: operands are drawn from 0 ..< maxOperator.
    package var maxOperator: Int
    /// PIN check: the expected PIN.
    package var pin: String

    package init(
        kind: Kind, maxAttempts: Int? = nil, attemptingStateExpirationSec: Int? = nil,
        successStateExpirationSec: Int? = nil, blockedStateExpirationSec: Int? = nil, maxOperator: Int = 10,
        pin: String = "1234"
    ) {
        self.kind = kind
        // Defaults: the SimpleCaptcha sample's adapter.xml for the captcha, the base class's for the rest.
        let captcha = kind == .simpleCaptcha
        self.maxAttempts = maxAttempts ?? (captcha ? 3 : 1)
        self.attemptingStateExpirationSec = attemptingStateExpirationSec ?? (captcha ? 60 : 120)
        self.successStateExpirationSec = successStateExpirationSec ?? (captcha ? 60 : 3600)
        self.blockedStateExpirationSec = blockedStateExpirationSec ?? (captcha ? 10 : 0)
        self.maxOperator = maxOperator
        self.pin = pin
    }
}

/// An adapter resource protected by a scope.
package struct AdapterDefinition: Sendable {
    /// The path under `/mfp/api`, e.g. `/adapters/accounts/balance`.
    package var path: String
    package var method: String
    /// Scope elements the token must hold (none: any valid token).
    package var scope: [String]
    package var body: JSONValue

    /// The methods an adapter may serve.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    package init(path: String, method: String = "GET", scope: [String] = [], body: JSONValue) {
        self.path = path
        self.method = method
        self.scope = scope
        self.body = body
    }
}

/// A fault a MobileFirst endpoint answers with, the first `times` requests of each device.
package struct MobileFirstFault: Sendable {
    package enum Endpoint: String, Sendable, CaseIterable {
        case preauthorize, authorization, token, adapter, logout, heartbeat
    }

    package enum Kind: String, Sendable, CaseIterable {
        /// 409 with the `MFP-Conflict` header: the client resends the same request.
        case conflict
        /// The client is forgotten and the request answered 400 `INVALID_CLIENT_ID`: the client registers again.
        case invalidClient
    }

    package var endpoint: Endpoint
    package var kind: Kind
    package var times: Int

    package init(endpoint: Endpoint, kind: Kind, times: Int = 1) {
        self.endpoint = endpoint
        self.kind = kind
        self.times = times
    }
}

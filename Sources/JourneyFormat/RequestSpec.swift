import JourneyCore

/// The `request:` phase: a call to a protected resource, sent with the session the journey (or
/// the script named in `uses:`) produced. When the resource answers with policy advice, the
/// runner satisfies it with a `composite_advice` journey and retries the call.
package struct RequestSpec: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// Absolute (`https://api.example.com/withdraw`) or relative to the server's origin (`/resources/withdraw`).
    package var url: Template
    package var headers: [(name: String, value: Template)]
    /// A JSON body (strings inside may hold templates) or a text template.
    package var body: RequestBody?
    /// Send `x-authenticate-response: header`, so Identity Gateway answers 401 with `WWW-Authenticate: SSOADVICE`
    /// instead of a redirect.
    package var adviceInHeader: Bool
    package var retry: RetrySpec
    /// What proves the caller: the session cookie (default), the `oauth:` access token as
    /// `Authorization: Bearer`, or the ID token as `X-IdToken`. With a token, an advice journey
    /// is followed by new tokens before the retry, as the SDKs do.
    package var auth: ResourceAuth = .session
    package var location: SourceLocation

    package init(
        method: String = "GET", url: Template, headers: [(name: String, value: Template)] = [],
        body: RequestBody? = nil,
        adviceInHeader: Bool = false, retry: RetrySpec = RetrySpec(), location: SourceLocation
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.adviceInHeader = adviceInHeader
        self.retry = retry
        self.location = location
    }

    package static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
}

/// How a `request:` proves who calls.
package enum ResourceAuth: String, Sendable, CaseIterable {
    case session
    case bearer
    case idtoken
}

package enum RequestBody: Sendable {
    /// A mapping or list sent as JSON (`Content-Type: application/json` unless a header says otherwise).
    case json(JSONValue)
    /// A text body.
    case text(Template)
}

/// How the retry after a satisfied advice carries the proof. The defaults follow the SDKs.
package struct RetrySpec: Sendable {
    package enum TxIdCarrier: String, Sendable, CaseIterable {
        /// `_txid` query parameter for Identity Gateway's forms, `X-TxID` header for a policy decision.
        case auto
        /// `?_txid=<txid>` on the original URL (IG, web agents).
        case query
        /// `X-TxID: <txid>` (a REST resource server).
        case header
        /// Nothing: retry the original request as it was.
        case none
    }

    package enum TreeCarrier: String, Sendable, CaseIterable {
        /// `X-Tree: <tree>` for AuthenticateToServiceConditionAdvice.
        case header
        case none
    }

    package var txid: TxIdCarrier
    package var tree: TreeCarrier
    /// Replaces the retry's URL (the txid is still added when `txid` says so).
    package var url: Template?
    /// Extra headers on the retry.
    package var headers: [(name: String, value: Template)]

    package init(
        txid: TxIdCarrier = .auto, tree: TreeCarrier = .header, url: Template? = nil,
        headers: [(name: String, value: Template)] = []
    ) {
        self.txid = txid
        self.tree = tree
        self.url = url
        self.headers = headers
    }
}

/// `uses:` — another script run first: its session carries over, and only the variables named
/// in `outputs` are copied into this script (nothing else leaks between scripts).
package struct UsesSpec: Sendable {
    /// The script's path, relative to this script's folder.
    package var script: Located<String>
    package var outputs: [Located<String>]
    package var location: SourceLocation

    package init(script: Located<String>, outputs: [Located<String>] = [], location: SourceLocation) {
        self.script = script
        self.outputs = outputs
        self.location = location
    }
}

/// `cleanup: logout` — end the session, checking its validity before and after.
package struct CleanupSpec: Sendable {
    package enum Validity: String, Sendable, CaseIterable {
        case valid
        case invalid
    }

    package var logout: Bool
    /// Checked with `sessions?_action=validate` before the logout.
    package var before: Validity?
    /// Checked with `sessions?_action=validate` after the logout.
    package var after: Validity?
    /// Revoke the `oauth:` phase's refresh token (or access token) at `/token/revoke`.
    package var revoke: Bool = false
    /// End the session at `/connect/endSession` with the ID token as `id_token_hint`.
    package var endSession: Bool = false
    package var location: SourceLocation

    package init(logout: Bool = true, before: Validity? = nil, after: Validity? = nil, location: SourceLocation) {
        self.logout = logout
        self.before = before
        self.after = after
        self.location = location
    }
}

/// Checks on the resource's final response, for `authorized` and `denied`.
package struct ResourceCheck: Sendable {
    package enum Body: Sendable {
        /// Every member given must be equal in the response's JSON (other members may exist).
        case json(JSONValue)
        /// A pattern on the body text.
        case text(TextPattern)
    }

    package var status: Int?
    package var body: Body?
    /// The advice that was (or could not be) satisfied, e.g. `TransactionConditionAdvice`.
    package var advice: TextPattern?

    package init(status: Int? = nil, body: Body? = nil, advice: TextPattern? = nil) {
        self.status = status
        self.body = body
        self.advice = advice
    }
}

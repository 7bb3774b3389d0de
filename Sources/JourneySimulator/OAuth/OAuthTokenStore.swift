import Foundation
import Synchronization

/// What a grant knows about who authorized it: the user, the AM session and the client.
struct OAuthGrantContext: Sendable {
    var grantId: String
    var clientId: String
    var realm: String
    /// The user (nil for client_credentials).
    var username: String?
    /// The AM session (tokenId) the grant came from (nil for client_credentials).
    var session: String?
    /// The opaque session id put in ID tokens (`sid`).
    var sid: String?
    var authTime: Date?
    /// The journey named in `acr` claims.
    var acr: String?
}

/// An authorization code waiting for its exchange.
struct OAuthCode: Sendable {
    var context: OAuthGrantContext
    var redirectURI: String
    /// The `redirect_uri` authorize was sent (nil when it used the client's only one).
    var requestedRedirectURI: String?
    var scope: [String]
    var nonce: String?
    var challenge: String?
    var challengeMethod: String?
    var expires: Date
    var used = false
}

/// An access or refresh token.
struct OAuthToken: Sendable {
    var context: OAuthGrantContext
    var scope: [String]
    var issued: Date
    var expires: Date
}

/// An ID token the provider issued: what `endSession` and `auth: idtoken` resources look up.
struct OAuthIDToken: Sendable {
    var context: OAuthGrantContext
    var issued: Date
    var expires: Date
    /// False when the client's `idTokenFaults` spoiled it on purpose.
    var valid: Bool
}

/// Codes, tokens and session ids of the OAuth provider, each kind bounded (the oldest dropped).
/// One lock: every operation is a few dictionary look-ups.
final class OAuthTokenStore: Sendable {
    private struct State {
        var codes: BoundedMap<OAuthCode>
        var accessTokens: BoundedMap<OAuthToken>
        var refreshTokens: BoundedMap<OAuthToken>
        var idTokens: BoundedMap<OAuthIDToken>
        /// AM session tokenId → sid, and back.
        var sids: BoundedMap<String>
        var sessionsBySid: BoundedMap<String>
    }

    private let state: Mutex<State>

    init(capacity: Int = 10_000) {
        state = Mutex(
            State(
                codes: BoundedMap(capacity: capacity), accessTokens: BoundedMap(capacity: capacity),
                refreshTokens: BoundedMap(capacity: capacity), idTokens: BoundedMap(capacity: capacity),
                sids: BoundedMap(capacity: capacity), sessionsBySid: BoundedMap(capacity: capacity)))
    }

    // MARK: sids

    /// The sid of an AM session, made with `make` the first time.
    func sid(forSession session: String, make: () -> String) -> String {
        state.withLock { state in
            if let sid = state.sids[session] { return sid }
            let sid = make()
            state.sids.insert(session, sid)
            state.sessionsBySid.insert(sid, session)
            return sid
        }
    }

    // MARK: codes

    func addCode(_ code: String, _ value: OAuthCode) {
        state.withLock { $0.codes.insert(code, value) }
    }

    enum CodeRedemption {
        case redeemed(OAuthCode)
        /// Used before: the grant it produced is revoked.
        case reused
        case unknown
    }

    /// Marks the code used and returns it; a second use revokes what the first produced (RFC 6749 §4.1.2).
    func redeemCode(_ code: String) -> CodeRedemption {
        state.withLock { state in
            guard var value = state.codes[code] else { return .unknown }
            if value.used {
                Self.revokeGrant(value.context.grantId, in: &state)
                return .reused
            }
            value.used = true
            state.codes.update(code, value)
            return .redeemed(value)
        }
    }

    // MARK: tokens

    func addAccessToken(_ token: String, _ value: OAuthToken) {
        state.withLock { $0.accessTokens.insert(token, value) }
    }

    func addRefreshToken(_ token: String, _ value: OAuthToken) {
        state.withLock { $0.refreshTokens.insert(token, value) }
    }

    func addIDToken(_ token: String, _ value: OAuthIDToken) {
        state.withLock { $0.idTokens.insert(token, value) }
    }

    /// A live access token.
    func accessToken(_ token: String, now: Date) -> OAuthToken? {
        state.withLock { state in state.accessTokens[token].flatMap { $0.expires > now ? $0 : nil } }
    }

    /// A live refresh token.
    func refreshToken(_ token: String, now: Date) -> OAuthToken? {
        state.withLock { state in state.refreshTokens[token].flatMap { $0.expires > now ? $0 : nil } }
    }

    /// Removes a refresh token (rotation): it cannot be used again.
    func takeRefreshToken(_ token: String) -> OAuthToken? {
        state.withLock { $0.refreshTokens.remove(token) }
    }

    func idToken(_ token: String) -> OAuthIDToken? {
        state.withLock { $0.idTokens[token] }
    }

    /// Revokes an access token, or a refresh token with every token of its grant.
    func revoke(_ token: String) {
        state.withLock { state in
            if state.accessTokens.remove(token) != nil { return }
            if let refresh = state.refreshTokens.remove(token) {
                Self.revokeGrant(refresh.context.grantId, in: &state)
            }
        }
    }

    private static func revokeGrant(_ grantId: String, in state: inout State) {
        state.accessTokens.removeAll { $0.context.grantId == grantId }
        state.refreshTokens.removeAll { $0.context.grantId == grantId }
    }
}

/// A dictionary that keeps at most `capacity` entries, dropping the oldest inserted.
struct BoundedMap<Value> {
    private var entries: [String: Value] = [:]
    private var order: [String] = []
    private var head = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    subscript(key: String) -> Value? { entries[key] }

    var count: Int { entries.count }

    mutating func insert(_ key: String, _ value: Value) {
        if entries.updateValue(value, forKey: key) == nil { order.append(key) }
        while entries.count > capacity, head < order.count {
            entries[order[head]] = nil
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    /// Replaces the value of a key that is present.
    mutating func update(_ key: String, _ value: Value) {
        if entries[key] != nil { entries[key] = value }
    }

    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        // The key stays in `order` until it comes up: removing it there would cost a scan.
        entries.removeValue(forKey: key)
    }

    mutating func removeAll(where matches: (Value) -> Bool) {
        for (key, value) in entries where matches(value) { entries[key] = nil }
    }
}

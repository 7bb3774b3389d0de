import CryptoExtras
import Foundation
import JourneyCore
import Synchronization

/// A registered MobileFirst client: its public key, what it said about itself, and the state
/// of each security check for it.
struct MobileFirstClient: Sendable {
    var id: String
    var publicKey: _RSA.Signing.PublicKey
    /// The registration payload's `device.id`.
    var deviceId: String
    var checks: [String: SecurityCheckState] = [:]
    /// When the client last sent a heartbeat.
    var lastActivity: Date?
}

/// An authorization code waiting for its token request.
struct IssuedCode: Sendable {
    var clientId: String
    var scope: [String]
    var redirectURI: String
    var expires: Date
}

/// An access token and what it grants.
struct IssuedToken: Sendable {
    var clientId: String
    var scope: [String]
    var expires: Date
}

/// The MobileFirst mode's state: clients and fault counters behind one lock, never held across an
/// await; codes and tokens in sharded stores that drop them once they expire.
final class MobileFirstStore: Sendable {
    private struct State {
        var clients: [String: MobileFirstClient] = [:]
        /// `deviceId|faultIndex` → times the fault fired.
        var faultCounts: [String: Int] = [:]
        /// Conflicts to answer on the next preauthorize requests (a control).
        var pendingConflicts = 0
    }

    private let state = Mutex(State())
    private let codes = ShardedStore<IssuedCode>()
    private let tokens = ShardedStore<IssuedToken>()

    func client(_ id: String) -> MobileFirstClient? { state.withLock { $0.clients[id] } }

    func save(_ client: MobileFirstClient) { state.withLock { $0.clients[client.id] = client } }

    /// Forgets a client: the next request naming it gets `INVALID_CLIENT_ID`.
    @discardableResult
    func forget(_ id: String) -> Bool { state.withLock { $0.clients.removeValue(forKey: id) != nil } }

    /// Runs `body` on the client's state under the lock; nil when the client is unknown.
    func update<T>(_ id: String, _ body: (inout MobileFirstClient) -> T) -> T? {
        state.withLock { state in
            guard var client = state.clients[id] else { return nil }
            let result = body(&client)
            state.clients[id] = client
            return result
        }
    }

    /// Keeps the code until it expires (`now` lets the store drop older expired ones).
    func issue(code: String, _ issued: IssuedCode, now: Date) {
        codes.set(code, issued, expires: issued.expires, now: now)
    }

    /// The code's grant, without using it.
    func code(_ code: String) -> IssuedCode? { codes.get(code) }

    /// Takes a code out (codes are single use).
    func redeem(code: String) -> IssuedCode? { codes.take(code) }

    /// Keeps the token until it expires (`now` lets the store drop older expired ones).
    func issue(token: String, _ issued: IssuedToken, now: Date) {
        tokens.set(token, issued, expires: issued.expires, now: now)
    }

    func token(_ token: String) -> IssuedToken? { tokens.get(token) }

    /// True when fault `index` should fire for `device` (it fires its first `times` requests).
    func fire(fault index: Int, times: Int, device: String) -> Bool {
        state.withLock { state in
            let key = "\(device)|\(index)"
            let count = state.faultCounts[key, default: 0]
            guard count < times else { return false }
            state.faultCounts[key] = count + 1
            return true
        }
    }

    /// Asks for `count` 409 conflicts on the next preauthorize requests.
    func addConflicts(_ count: Int) { state.withLock { $0.pendingConflicts += count } }

    func takeConflict() -> Bool {
        state.withLock { state in
            guard state.pendingConflicts > 0 else { return false }
            state.pendingConflicts -= 1
            return true
        }
    }
}

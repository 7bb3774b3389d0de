import Foundation
import Synchronization

/// A challenge Challenger issued: single use, tied to its page id, expiring.
struct IssuedChallenge: Sendable {
    var pageId: String
    var ctype: Int
    var expires: Date
    var used = false
}

/// An RAE access or refresh token.
struct RakutenToken: Sendable {
    var clientId: String
    /// Nil for client credentials.
    var username: String?
    var scope: [String]
    var expires: Date
    var revoked = false
}

/// Challenger's challenges, RAE's tokens and the failed logins per address.
final class RakutenStore: Sendable {
    private struct State {
        var challenges: [String: IssuedChallenge] = [:]
        var access: [String: RakutenToken] = [:]
        var refresh: [String: RakutenToken] = [:]
        var failures: [String: Int] = [:]
    }

    private let state = Mutex(State())

    func issue(_ cid: String, _ challenge: IssuedChallenge) { state.withLock { $0.challenges[cid] = challenge } }

    func challenge(_ cid: String) -> IssuedChallenge? { state.withLock { $0.challenges[cid] } }

    /// Marks the challenge used; false when it was used already or is unknown.
    func use(_ cid: String) -> Bool {
        state.withLock { state in
            guard var challenge = state.challenges[cid], !challenge.used else { return false }
            challenge.used = true
            state.challenges[cid] = challenge
            return true
        }
    }

    func store(access: String, _ token: RakutenToken) { state.withLock { $0.access[access] = token } }
    func store(refresh: String, _ token: RakutenToken) { state.withLock { $0.refresh[refresh] = token } }
    func access(_ token: String) -> RakutenToken? { state.withLock { $0.access[token] } }
    func refresh(_ token: String) -> RakutenToken? { state.withLock { $0.refresh[token] } }

    /// Revokes an access token; false when it is unknown.
    func revoke(access token: String) -> Bool {
        state.withLock { state in
            guard state.access[token] != nil else { return false }
            state.access[token]?.revoked = true
            return true
        }
    }

    /// Counts a failed login from `address`; returns the new count.
    @discardableResult
    func fail(from address: String) -> Int {
        state.withLock { state in
            state.failures[address, default: 0] += 1
            return state.failures[address] ?? 0
        }
    }

    func failures(from address: String) -> Int { state.withLock { $0.failures[address] ?? 0 } }
}

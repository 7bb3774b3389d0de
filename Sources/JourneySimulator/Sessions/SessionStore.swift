import Foundation
import JourneyCore

/// A session created by a successful journey.
struct SimSession: Sendable {
    let tokenId: String
    let username: String?
    let realm: String
    let created: Date
    var lastAccess: Date
    let expires: Date
    /// Journeys completed under this session, with when (for AuthenticateToService advice).
    var completedTrees: [String: Date] = [:]
    var contextId: String
    /// The journey that created the session (an ID token's `acr`).
    var journey = ""
}

/// Live sessions by tokenId.
final class SessionStore: Sendable {
    private let sessions = ShardedStore<SimSession>()

    func add(_ session: SimSession) {
        sessions.set(session.tokenId, session, expires: session.expires, now: session.created)
    }

    /// The session when it exists and has not expired.
    func valid(_ tokenId: String, now: Date) -> SimSession? {
        guard let session = sessions.get(tokenId) else { return nil }
        guard session.expires > now else {
            _ = sessions.take(tokenId)
            return nil
        }
        return session
    }

    func touch(_ tokenId: String, now: Date) {
        sessions.update(tokenId) { $0?.lastAccess = now }
    }

    func recordTree(_ tree: String, for tokenId: String, now: Date) {
        sessions.update(tokenId) { $0?.completedTrees[tree] = now }
    }

    /// Consumes a completed step-up: true when `tree` was completed at or after `since`.
    func consumeTree(_ tree: String, for tokenId: String) -> Bool {
        sessions.update(tokenId) { session in
            guard session?.completedTrees[tree] != nil else { return false }
            session?.completedTrees[tree] = nil
            return true
        }
    }

    /// Sessions held, live or not yet dropped.
    var count: Int { sessions.count }

    func remove(_ tokenId: String) -> Bool {
        sessions.take(tokenId) != nil
    }
}

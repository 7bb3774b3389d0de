import Foundation
import JourneyCore

/// One journey in progress. A value: the engine takes it out of the store, moves it on, and puts it back.
struct JourneyState: Sendable {
    /// The server-side id carried in the authId's `sessionId` claim.
    let id: String
    let journey: String
    let realm: String
    /// The node waiting for answers (or about to run).
    var node: String
    /// The current authId's one-time key; a replayed authId no longer matches it.
    var otk: String = ""
    /// Values collected and computed so far (`username`, `payload`, `user`...).
    var values: [String: JSONValue] = [:]
    /// Per-node bookkeeping (retry counters, polling starts).
    var memory: [String: JSONValue] = [:]
    /// What the echo rules need of the page the client must answer: its callbacks' types and
    /// input names (the whole rendered page is not kept: a state lives for the authId's lifetime).
    var page: [IssuedCallback] = []
    var noSession: Bool
    /// The session the journey runs under (ForceAuth, composite advice).
    var existingSession: String?
    /// The transaction (txid) or service advice this journey satisfies.
    var advice: AdviceContext?
    var expires: Date
    /// Why nodes took their outcomes during this request (a WebAuthn rejection's reason), for the
    /// request's log line; emptied when the reply is written.
    var notes: [String] = []
}

/// A callback as sent, reduced to what a continue request is checked against.
struct IssuedCallback: Sendable {
    let type: String
    let inputNames: [String]

    init(_ callback: AMCallback) {
        type = callback.type
        inputNames = (callback.input ?? []).map(\.name)
    }
}

/// What a composite-advice journey is for.
enum AdviceContext: Sendable, Hashable {
    case transaction(txid: String)
    case service(tree: String)
}

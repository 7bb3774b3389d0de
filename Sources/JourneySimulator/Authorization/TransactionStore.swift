import Foundation
import Synchronization

/// Transactions issued by protected resources: a txid bound to a session, satisfied by a journey, used once.
final class TransactionStore: Sendable {
    struct Transaction: Sendable {
        let txid: String
        let resourcePath: String
        let session: String
        var satisfied = false
        var used = false
        /// When a journey satisfied it.
        var satisfiedAt: Date?
        /// The token-protected resources' credential (access or ID token) the advice was given to:
        /// a retry needs one issued after the journey, never this one.
        var advisedCredential: String?
    }

    enum Redemption {
        case granted, alreadyUsed, notSatisfied, unknown
    }

    /// A retry's token credential: the token, and when it was issued.
    struct Credential {
        var token: String
        var issued: Date
    }

    private let transactions = ShardedStore<Transaction>(shardCount: 4)

    func issue(txid: String, resourcePath: String, session: String, advisedCredential: String? = nil) {
        transactions.set(
            txid,
            Transaction(txid: txid, resourcePath: resourcePath, session: session, advisedCredential: advisedCredential))
    }

    func lookup(_ txid: String) -> Transaction? {
        transactions.get(txid)
    }

    /// Marks the transaction done by a journey that ran under `session`.
    func satisfy(_ txid: String, session: String, now: Date) {
        transactions.update(txid) { transaction in
            guard transaction?.session == session else { return }
            transaction?.satisfied = true
            transaction?.satisfiedAt = now
        }
    }

    /// Uses the transaction for `session`: granted once, then `alreadyUsed`. With a token
    /// `credential`, only one issued since the journey satisfied it, not the advised one.
    func redeem(_ txid: String, session: String, credential: Credential? = nil) -> Redemption {
        transactions.update(txid) { transaction in
            guard let current = transaction, current.session == session else { return .unknown }
            if current.used { return .alreadyUsed }
            guard current.satisfied else { return .notSatisfied }
            if let credential {
                guard credential.token != current.advisedCredential, let satisfiedAt = current.satisfiedAt,
                    credential.issued >= satisfiedAt
                else { return .notSatisfied }
            }
            transaction?.used = true
            return .granted
        }
    }
}

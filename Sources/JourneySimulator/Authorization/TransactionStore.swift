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
    }

    enum Redemption {
        case granted, alreadyUsed, notSatisfied, unknown
    }

    private let transactions = ShardedStore<Transaction>(shardCount: 4)

    func issue(txid: String, resourcePath: String, session: String) {
        transactions.set(txid, Transaction(txid: txid, resourcePath: resourcePath, session: session))
    }

    func lookup(_ txid: String) -> Transaction? {
        transactions.get(txid)
    }

    /// Marks the transaction done by a journey that ran under `session`.
    func satisfy(_ txid: String, session: String) {
        transactions.update(txid) { transaction in
            guard transaction?.session == session else { return }
            transaction?.satisfied = true
        }
    }

    /// Uses the transaction for `session`: granted once, then `alreadyUsed`.
    func redeem(_ txid: String, session: String) -> Redemption {
        transactions.update(txid) { transaction in
            guard let current = transaction, current.session == session else { return .unknown }
            if current.used { return .alreadyUsed }
            guard current.satisfied else { return .notSatisfied }
            transaction?.used = true
            return .granted
        }
    }
}

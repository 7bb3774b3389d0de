import Synchronization

/// Recovery codes by username. AM keeps a set with each registered device, so a new device's
/// codes join the user's earlier ones; each code is accepted once.
final class RecoveryCodeStore: Sendable {
    private let codes = Mutex<[String: Set<String>]>([:])

    /// Adds a new device's recovery codes to the user's.
    func add(_ list: [String], for username: String) {
        codes.withLock { $0[username, default: []].formUnion(list) }
    }

    /// True (and the code is used up) when `code` is one of the user's unused codes.
    func redeem(_ code: String, for username: String) -> Bool {
        codes.withLock { storage in
            guard !code.isEmpty, storage[username]?.remove(code) != nil else { return false }
            return true
        }
    }

    /// How many unused codes the user has.
    func remaining(for username: String) -> Int {
        codes.withLock { $0[username]?.count ?? 0 }
    }

    func deleteAll(of username: String) {
        _ = codes.withLock { $0.removeValue(forKey: username) }
    }
}

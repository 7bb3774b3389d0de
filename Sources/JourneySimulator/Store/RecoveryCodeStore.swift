import Synchronization

/// Recovery codes by username: a set replaces the earlier one; each code is accepted once.
final class RecoveryCodeStore: Sendable {
    private let codes = Mutex<[String: Set<String>]>([:])

    /// Replaces the user's recovery codes.
    func replace(_ list: [String], for username: String) {
        codes.withLock { $0[username] = Set(list) }
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

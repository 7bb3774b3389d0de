import JourneyCore
import Synchronization

/// The users known to a running simulator: those of the tree plus those registered since.
final class UserStore: Sendable {
    private let users: Mutex<[String: SimulatedUser]>

    init(_ initial: [SimulatedUser]) {
        users = Mutex(Dictionary(initial.map { ($0.username, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    func user(_ username: String) -> SimulatedUser? {
        users.withLock { $0[username] }
    }

    /// Adds the user unless the username is taken; returns whether it was added.
    func add(_ user: SimulatedUser) -> Bool {
        users.withLock { storage in
            guard storage[user.username] == nil else { return false }
            storage[user.username] = user
            return true
        }
    }

    /// True when some user has this attribute value (`username` counts as an attribute).
    func isTaken(attribute: String, value: String) -> Bool {
        users.withLock { storage in
            if attribute == "userName" || attribute == "username" { return storage[value] != nil }
            return storage.values.contains { $0.attributes[attribute]?.displayText == value }
        }
    }

    /// The user whose username (or `attribute`) equals `value`.
    func find(value: String, attribute: String?) -> SimulatedUser? {
        guard !value.isEmpty else { return nil }
        guard let attribute, attribute != "username", attribute != "userName" else { return user(value) }
        return users.withLock { storage in
            storage.values.sorted { $0.username < $1.username }
                .first { $0.attributes[attribute]?.displayText == value }
        }
    }
}

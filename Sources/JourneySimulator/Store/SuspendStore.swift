import Foundation

/// Journeys parked by an Email Suspend node, by suspendedId. Each id resumes once.
final class SuspendStore: Sendable {
    struct Entry: Sendable {
        var state: JourneyState
        var expires: Date
    }

    private let entries = ShardedStore<Entry>(shardCount: 4)

    func park(_ state: JourneyState, id: String, expires: Date) {
        entries.set(id, Entry(state: state, expires: expires))
    }

    /// Takes the journey parked under `id` when it has not expired.
    func resume(_ id: String, now: Date) -> JourneyState? {
        guard let entry = entries.take(id), entry.expires > now else { return nil }
        return entry.state
    }
}

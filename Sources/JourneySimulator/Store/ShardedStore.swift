import Foundation
import Synchronization

/// A dictionary split over several locks so concurrent journeys rarely contend. No lock is held
/// across an await. Values stored with an expiry are dropped once it passes, a few at a time as
/// later values are stored: no request ever pays for a sweep of the whole store. With a capacity,
/// storing past it evicts the oldest values stored with an expiry (oldest of the value's lock).
final class ShardedStore<Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expires: Date?
        /// Which store of the key this is, to tell its own expiry record from an earlier one's.
        var stamp: UInt64 = 0
    }

    /// One lock's share: its values, and the keys stored with an expiry in the order stored.
    private struct Contents {
        var entries: [String: Entry] = [:]
        var expiries: [(expires: Date, key: String, stamp: UInt64)] = []
        var head = 0
        var nextStamp: UInt64 = 0

        /// Drops up to `limit` entries whose time has passed, oldest first. Values of one store
        /// share one lifetime, so the order stored is the order they expire in; an entry whose
        /// key was stored again later is kept until its own (later) expiry.
        mutating func dropExpired(now: Date, limit: Int) {
            var dropped = 0
            while head < expiries.count, dropped < limit, expiries[head].expires <= now {
                let key = expiries[head].key
                if let expires = entries[key]?.expires, expires <= now { entries[key] = nil }
                head += 1
                dropped += 1
            }
            compact()
        }

        /// Evicts the oldest values stored with an expiry until at most `capacity` remain; returns how many.
        mutating func evict(downTo capacity: Int) -> Int {
            var evicted = 0
            while entries.count > capacity, head < expiries.count {
                let (_, key, stamp) = expiries[head]
                // A key stored again later has a later record: this one is stale.
                if entries[key]?.stamp == stamp {
                    entries[key] = nil
                    evicted += 1
                }
                head += 1
            }
            compact()
            return evicted
        }

        private mutating func compact() {
            if head > 1024, head * 2 > expiries.count {
                expiries.removeFirst(head)
                head = 0
            }
        }
    }

    private final class Shard: Sendable {
        let contents = Mutex(Contents())

        func withLock<R>(_ body: (inout Contents) -> R) -> R {
            contents.withLock { body(&$0) }
        }
    }

    private let shards: [Shard]
    /// Most values one lock keeps (nil: no limit).
    private let shardCapacity: Int?
    private let evictedCount = Atomic<Int>(0)

    /// A store of at most `capacity` values stored with an expiry (nil: no limit). A small capacity
    /// (under 1,024) uses one lock, so eviction is exactly oldest first.
    init(shardCount: Int = 16, capacity: Int? = nil) {
        let count = capacity.map { $0 < 1024 ? 1 : shardCount } ?? shardCount
        shards = (0..<max(1, count)).map { _ in Shard() }
        shardCapacity = capacity.map { max(1, ($0 + max(1, count) - 1) / max(1, count)) }
        self.capacity = capacity
    }

    /// The most values kept (nil: no limit).
    let capacity: Int?

    /// Values evicted to stay within the capacity, since the store was made.
    var evicted: Int { evictedCount.load(ordering: .relaxed) }

    private func shard(_ key: String) -> Shard {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return shards[Int(hash % UInt64(shards.count))]
    }

    func get(_ key: String) -> Value? {
        shard(key).withLock { $0.entries[key]?.value }
    }

    /// Stores `value` for good (until taken).
    func set(_ key: String, _ value: Value) {
        shard(key).withLock { $0.entries[key] = Entry(value: value) }
    }

    /// Stores `value` until `expires`, drops a few values of the same lock whose time has passed, and
    /// evicts the oldest when the lock holds more than its share of the capacity.
    func set(_ key: String, _ value: Value, expires: Date, now: Date) {
        let evicted = shard(key).withLock { contents in
            contents.nextStamp += 1
            contents.entries[key] = Entry(value: value, expires: expires, stamp: contents.nextStamp)
            contents.expiries.append((expires, key, contents.nextStamp))
            contents.dropExpired(now: now, limit: 8)
            return shardCapacity.map { contents.evict(downTo: $0) } ?? 0
        }
        if evicted > 0 { _ = evictedCount.add(evicted, ordering: .relaxed) }
    }

    /// Removes and returns the value: whoever takes it owns it (single use).
    func take(_ key: String) -> Value? {
        shard(key).withLock { $0.entries.removeValue(forKey: key)?.value }
    }

    /// Changes the value in place under the lock; returns what the closure returns.
    func update<R>(_ key: String, _ body: (inout Value?) -> R) -> R {
        shard(key).withLock { contents in
            var value = contents.entries[key]?.value
            let result = body(&value)
            if let value {
                contents.entries[key, default: Entry(value: value)].value = value
            } else {
                contents.entries[key] = nil
            }
            return result
        }
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.entries.count } } }
}

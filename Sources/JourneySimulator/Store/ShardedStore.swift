import Foundation
import Synchronization

/// A dictionary split over several locks so concurrent journeys rarely contend. No lock is held
/// across an await. Values stored with an expiry are dropped once it passes, a few at a time as
/// later values are stored: no request ever pays for a sweep of the whole store.
final class ShardedStore<Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expires: Date?
    }

    /// One lock's share: its values, and the keys stored with an expiry in the order stored.
    private struct Contents {
        var entries: [String: Entry] = [:]
        var expiries: [(expires: Date, key: String)] = []
        var head = 0

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

    init(shardCount: Int = 16) {
        shards = (0..<max(1, shardCount)).map { _ in Shard() }
    }

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

    /// Stores `value` until `expires`, and drops a few values of the same lock whose time has passed.
    func set(_ key: String, _ value: Value, expires: Date, now: Date) {
        shard(key).withLock { contents in
            contents.entries[key] = Entry(value: value, expires: expires)
            contents.expiries.append((expires, key))
            contents.dropExpired(now: now, limit: 8)
        }
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

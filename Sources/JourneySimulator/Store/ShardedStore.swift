import Synchronization

/// A dictionary split over several locks so concurrent journeys rarely contend. No lock is held across an await.
final class ShardedStore<Value: Sendable>: Sendable {
    private final class Shard: Sendable {
        let storage = Mutex<[String: Value]>([:])

        func withLock<R>(_ body: (inout [String: Value]) -> R) -> R {
            storage.withLock { body(&$0) }
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
        shard(key).withLock { $0[key] }
    }

    func set(_ key: String, _ value: Value) {
        shard(key).withLock { $0[key] = value }
    }

    /// Removes and returns the value: whoever takes it owns it (single use).
    func take(_ key: String) -> Value? {
        shard(key).withLock { $0.removeValue(forKey: key) }
    }

    /// Changes the value in place under the lock; returns what the closure returns.
    func update<R>(_ key: String, _ body: (inout Value?) -> R) -> R {
        shard(key).withLock { body(&$0[key]) }
    }

    /// Drops every value for which `isExpired` is true.
    func sweep(_ isExpired: (Value) -> Bool) {
        for shard in shards {
            shard.withLock { storage in storage = storage.filter { !isExpired($0.value) } }
        }
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.count } } }
}

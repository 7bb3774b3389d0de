import Foundation
import Testing

@testable import JourneySimulator

@Suite("Sharded store: values with an expiry leave as later ones arrive")
struct ShardedStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("expired values are dropped a few at a time by later stores; live and re-stored ones stay")
    func expiredValuesAreDroppedIncrementally() {
        let store = ShardedStore<Int>(shardCount: 1)
        for index in 0..<100 {
            store.set("old-\(index)", index, expires: start.addingTimeInterval(60), now: start)
        }
        // Stored again with a later expiry: the first expiry must not remove it.
        store.set("old-7", 7, expires: start.addingTimeInterval(600), now: start)
        store.set("forever", -1)
        #expect(store.count == 101)
        let later = start.addingTimeInterval(120)
        for index in 0..<20 {
            store.set("new-\(index)", index, expires: later.addingTimeInterval(60), now: later)
        }
        #expect(store.get("old-7") == 7)
        #expect(store.get("forever") == -1)
        #expect(store.get("new-19") == 19)
        #expect(store.count == 2 + 20, "every expired value was dropped by the 20 later stores")
    }

    @Test("take and update keep working on values stored with an expiry")
    func takeAndUpdate() {
        let store = ShardedStore<Int>()
        store.set("a", 1, expires: start.addingTimeInterval(60), now: start)
        store.update("a") { $0 = ($0 ?? 0) + 1 }
        #expect(store.get("a") == 2)
        #expect(store.take("a") == 2)
        #expect(store.get("a") == nil)
        store.update("b") { $0 = 5 }
        #expect(store.get("b") == 5)
    }
}

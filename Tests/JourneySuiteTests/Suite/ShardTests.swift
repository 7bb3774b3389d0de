import Testing

@testable import JourneyReport
@testable import JourneySuite

@Suite("Shards")
struct ShardTests {
    @Test func readsOneBasedIndexAndCount() throws {
        let shard = try Shard(argument: "2/4", environment: [:])
        #expect(shard.index == 2 && shard.count == 4)
        #expect(shard.description == "2/4")
    }

    @Test func autoTakesTheZeroBasedIndexOfAnIndexedJob() throws {
        #expect(try Shard(argument: "auto/4", environment: ["JOB_COMPLETION_INDEX": "0"]) == Shard(index: 1, count: 4))
        #expect(try Shard(argument: "auto/4", environment: ["JOB_COMPLETION_INDEX": "3"]) == Shard(index: 4, count: 4))
    }

    @Test(arguments: [
        ("0/4", "between 1 and 4, got 0"), ("5/4", "between 1 and 4, got 5"), ("1/0", "at least 1, got 0"),
        ("-1/4", "between 1 and 4, got -1"), ("1", "expects I/N"), ("a/4", "expects I/N"), ("1/b", "expects I/N"),
        ("1/4/2", "expects I/N"), ("", "expects I/N"),
    ])
    func refusesOutOfRangeOrMalformed(argument: String, message: String) {
        let error = #expect(throws: Shard.Problem.self) { try Shard(argument: argument, environment: [:]) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        ([:], "JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job), and it is not set"),
        (["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX=4 is outside 0...3"),
        (["JOB_COMPLETION_INDEX": "x"], "JOB_COMPLETION_INDEX is not a number: 'x'"),
        (["JOB_COMPLETION_INDEX": "-1"], "JOB_COMPLETION_INDEX=-1 is outside 0...3"),
    ])
    func autoNeedsAnIndexInRange(environment: [String: String], message: String) {
        let error = #expect(throws: Shard.Problem.self) { try Shard(argument: "auto/4", environment: environment) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func autoNeedsAtLeastOneShard() {
        let error = #expect(throws: Shard.Problem.self) {
            try Shard(argument: "auto/0", environment: ["JOB_COMPLETION_INDEX": "0"])
        }
        #expect(error?.description == "--shard: the shard count must be at least 1, got 0")
    }

    @Test func shardsPartitionTheScriptsInBalancedRoundRobin() throws {
        let files = (0..<37).map { "journeys/script-\($0).yaml" }
        let shards = try (1...4).map { try Shard(index: $0, count: 4).select(files) }
        // Every script in exactly one shard, in its order; sizes differ by at most one.
        #expect(shards.flatMap { $0 }.sorted() == files.sorted())
        #expect(Set(shards.flatMap { $0 }).count == files.count)
        #expect(shards.map(\.count) == [10, 9, 9, 9])
        #expect(shards[1].prefix(2) == ["journeys/script-1.yaml", "journeys/script-5.yaml"])
        // More shards than scripts: some shards are empty, none is lost.
        let many = try (1...5).map { try Shard(index: $0, count: 5).select(Array(files.prefix(3))) }
        #expect(many.map(\.count) == [1, 1, 1, 0, 0])
    }
}

import Testing

@testable import JourneyCore

@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 2, 7, 8, 9, 100, 1001])
    func mapGivesWhatAPlainMapGivesInOrder(count: Int) {
        let elements = Array(0..<count)
        #expect(Parallel.map(elements) { $0 * 3 + 1 } == elements.map { $0 * 3 + 1 })
    }

    @Test func chunksCoverEveryIndexOnceWithSizesDifferingByOneAtMost() {
        for count in [1, 5, 8, 13, 100] {
            for chunks in 1...min(count, 16) {
                let ranges = (0..<chunks).map { Parallel.bounds(of: $0, in: chunks, count: count) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
                let sizes = ranges.map(\.count)
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
            }
        }
    }
}

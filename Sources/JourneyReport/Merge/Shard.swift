import Foundation

/// One part of a suite split across machines: `journey run --shard I/N` runs part `I` of `N`.
///
/// The partition is sorted-order round robin: the scripts a run finds (in the order
/// ``ScriptFinder`` gives, folders sorted by path, simulator trees left out) are numbered from 0,
/// and shard `I` takes the scripts whose number `p` has `p % N == I - 1`. The rule reads nothing of
/// the machine (no absolute path, locale, hash seed or clock), so N jobs given the same arguments
/// on the same commit split the suite into N disjoint parts that together hold every script once,
/// with sizes that differ by at most one. Tag filters apply after the split (docs/sharding.md).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The part this run takes, 1-based: `1...count`.
    package let index: Int
    /// How many parts the suite is split into.
    package let count: Int

    /// The environment variable a Kubernetes Indexed Job sets to the pod's 0-based index.
    package static let indexVariable = "JOB_COMPLETION_INDEX"

    /// Why a `--shard` argument was refused.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// - Throws: ``Problem`` unless `1 <= index <= count`.
    package init(index: Int, count: Int) throws(Problem) {
        guard count >= 1 else { throw Self.tooFew(count) }
        guard (1...count).contains(index) else {
            throw Problem(description: "--shard: the shard index must be between 1 and \(count), got \(index)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `I/N` (1-based), or `auto/N`, which takes the 0-based index from
    /// `JOB_COMPLETION_INDEX` in `environment` (so `auto/4` in pod 0 is shard 1/4).
    package init(argument: String, environment: [String: String]) throws(Problem) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]) else {
            throw Problem(description: "--shard expects I/N (as 1/4) or auto/N, got '\(argument)'")
        }
        if parts[0] == "auto" {
            guard count >= 1 else { throw Self.tooFew(count) }
            guard let raw = environment[Self.indexVariable] else {
                throw Problem(
                    description: "--shard auto/\(count) needs \(Self.indexVariable) (set by a Kubernetes Indexed Job), "
                        + "and it is not set")
            }
            guard let zeroBased = Int(raw.trimmingCharacters(in: .whitespaces)) else {
                throw Problem(description: "--shard auto/\(count): \(Self.indexVariable) is not a number: '\(raw)'")
            }
            guard (0..<count).contains(zeroBased) else {
                throw Problem(
                    description:
                        "--shard auto/\(count): \(Self.indexVariable)=\(zeroBased) is outside 0...\(count - 1)"
                )
            }
            try self.init(index: zeroBased + 1, count: count)
        } else {
            guard let index = Int(parts[0]) else {
                throw Problem(description: "--shard expects I/N (as 1/4) or auto/N, got '\(argument)'")
            }
            try self.init(index: index, count: count)
        }
    }

    private static func tooFew(_ count: Int) -> Problem {
        Problem(description: "--shard: the shard count must be at least 1, got \(count)")
    }

    /// `I/N`, as given on the command line.
    public var description: String { "\(index)/\(count)" }

    /// Whether the script at `position` (0-based, in finding order) belongs to this shard.
    package func contains(position: Int) -> Bool {
        position % count == index - 1
    }

    /// This shard's part of `items`, in their order.
    package func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { contains(position: $0.offset) }.map(\.element)
    }
}

import Foundation
import JourneyCore
import Synchronization

/// The simulator's one seeded generator, shared behind a lock that is never held across an await.
final class RandomSource: Sendable {
    private let generator: Mutex<SeededGenerator>

    init(seed: UInt64) {
        generator = Mutex(SeededGenerator(seed: seed))
    }

    /// `count` characters from a URL-safe alphabet.
    func token(_ count: Int) -> String {
        generator.withLock { $0.string(count: count, alphabet: Self.alphabet) }
    }

    func digits(_ count: Int) -> String {
        generator.withLock { $0.string(count: count, alphabet: "0123456789") }
    }

    /// A number in 0 ..< `bound` (0 when `bound` is not positive).
    func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return generator.withLock { Int($0.next() % UInt64(bound)) }
    }

    func uuid() -> String {
        generator.withLock { $0.uuid() }.uuidString.lowercased()
    }

    static let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
}

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

    /// A number in 0 ... `max`.
    func atMost(_ max: UInt64) -> UInt64 {
        generator.withLock { max == .max ? $0.next() : $0.next() % (max + 1) }
    }

    /// `count` random bytes, eight from each draw.
    func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return generator.withLock { generator in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            while bytes.count < count {
                var word = generator.next()
                for _ in 0..<min(8, count - bytes.count) {
                    bytes.append(UInt8(truncatingIfNeeded: word))
                    word >>= 8
                }
            }
            return bytes
        }
    }

    func uuid() -> String {
        generator.withLock { $0.uuid() }.uuidString.lowercased()
    }

    static let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
}

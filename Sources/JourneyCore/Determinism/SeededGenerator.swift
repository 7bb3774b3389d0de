import Foundation

/// A small, fast, reproducible random generator (SplitMix64). One seed per run makes
/// every generated value (uuids, emails, nonces) the same on replay.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version-4 UUID made from this generator.
    package mutating func uuid() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in stride(from: 0, to: 16, by: 8) {
            var word = next()
            for j in 0..<8 {
                bytes[i + j] = UInt8(truncatingIfNeeded: word)
                word >>= 8
            }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// `count` random characters from `alphabet`.
    package mutating func string(count: Int, alphabet: String = "abcdefghijklmnopqrstuvwxyz0123456789") -> String {
        let bytes = Array(alphabet.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // The same draws as below, without building Characters: ids are made on every simulator request.
            return String(decoding: (0..<count).map { _ in bytes[Int(next() % UInt64(bytes.count))] }, as: UTF8.self)
        }
        let characters = Array(alphabet)
        return String((0..<count).map { _ in characters[Int(next() % UInt64(characters.count))] })
    }
}

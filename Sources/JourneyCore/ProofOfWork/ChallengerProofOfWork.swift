/// Rakuten Challenger's proof of work (ctype 127, rauthentication.md §3): a 16-character
/// candidate that keeps `key` minus its last character as prefix, accepted when the top 16 bits
/// of MurmurHash3-x64-128's `h1` (with `seed`) equal the mask.
package struct ChallengerProofOfWork: Sendable, Hashable {
    /// The SDK's corpus; its random draw never yields the last character (`9`), so the search
    /// uses the first 61 characters only.
    package static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz012345678".utf8)
    package static let length = 16

    package var key: String
    package var seed: UInt32
    /// The mask as sent (hex digits), parsed as the SDK's `strtoull(…, 16)`.
    package var mask: UInt64

    package init(key: String, seed: UInt32, mask: UInt64) {
        self.key = key
        self.seed = seed
        self.mask = mask
    }

    /// `strtoull(text, NULL, 16)`: optional leading blanks and `0x`, stops at the first non-hex
    /// character, 0 when there is none; saturates on overflow.
    package static func parseMask(_ text: String) -> UInt64 {
        var bytes = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }.utf8[...]
        if bytes.starts(with: "0x".utf8) || bytes.starts(with: "0X".utf8) { bytes = bytes.dropFirst(2) }
        var value: UInt64 = 0
        for byte in bytes {
            guard let digit = PercentEncoding.hexValue(byte) else { break }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
            if overflow { return UInt64.max }
            value = shifted | UInt64(digit)
        }
        return value
    }

    /// The prefix every candidate keeps: `key` without its last character (nil for a key of 0 or
    /// more than 16 bytes, which the SDK cannot solve).
    package var prefix: [UInt8]? {
        let bytes = Array(key.utf8)
        guard (1...Self.length).contains(bytes.count) else { return nil }
        return Array(bytes.dropLast())
    }

    /// True when `candidate` is a solution: 16 bytes, the prefix, and the mask.
    package func accepts(_ candidate: String) -> Bool {
        let bytes = Array(candidate.utf8)
        guard bytes.count == Self.length, let prefix, bytes.starts(with: prefix) else { return false }
        return MurmurHash3.x64Hash128(bytes, seed: seed).h1 >> 48 == mask
    }

    /// Searches candidates in a fixed order (a counter over the alphabet, so a replay finds the
    /// recorded answer again) until one is accepted, `maxTries` were made, or `shouldStop` says so
    /// (checked every 4096 tries). Returns the solution and the tries it took.
    package func solve(maxTries: Int, shouldStop: () -> Bool = { false }) -> (solution: String?, tries: Int) {
        guard let prefix, mask <= 0xFFFF else { return (nil, 0) }
        let free = Self.length - prefix.count
        var digits = [Int](repeating: 0, count: free)
        var candidate = prefix + [UInt8](repeating: Self.alphabet[0], count: free)
        var tries = 0
        while tries < maxTries {
            if tries & 4095 == 0, tries > 0, shouldStop() { break }
            tries += 1
            if MurmurHash3.x64Hash128(candidate, seed: seed).h1 >> 48 == mask {
                return (String(decoding: candidate, as: UTF8.self), tries)
            }
            // Next candidate: increment the counter from the last position.
            var position = free - 1
            while position >= 0 {
                digits[position] += 1
                if digits[position] < Self.alphabet.count {
                    candidate[prefix.count + position] = Self.alphabet[digits[position]]
                    break
                }
                digits[position] = 0
                candidate[prefix.count + position] = Self.alphabet[0]
                position -= 1
            }
            if position < 0 { break }
        }
        return (nil, tries)
    }
}

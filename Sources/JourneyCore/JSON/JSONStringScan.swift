/// Finds the next byte of a JSON string's text that is not itself: a quote, a backslash or a
/// control character. Eight bytes are tested at once (an authId is some 2,500 bytes with none
/// of them, read and written once per step), then the last few one by one.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first quote, backslash or byte below 0x20 at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if hasSpecialByte(word) { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// True when one of the word's bytes is a quote, a backslash or below 0x20 (each test is
    /// exact about whether such a byte exists, which is all the scan asks).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote & highBits
        let backslashes = (backslash &- ones) & ~backslash & highBits
        return (control | quotes | backslashes) != 0
    }
}

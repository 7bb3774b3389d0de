/// Tells whether JSON text is byte for byte what ``JSONWriter`` writes for the value it
/// holds (`JSONValue.compactJSON`): no whitespace, members in sorted order without
/// duplicates, strings escaped as the writer escapes them, integers as `String(Int)`.
/// A body that is already in that form need not be parsed and written again to get its
/// compact text: it is its own. Conservative: text it is unsure of (non-ASCII member
/// names, fractions, exponents) is reported as not canonical, and the caller writes it.
package enum JSONCanonicalForm {
    /// True when `bytes` is one JSON value written exactly as the compact writer writes it.
    package static func isCanonical(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var scanner = Scanner(bytes: bytes)
        guard scanner.value(depth: 0) else { return false }
        return scanner.index == bytes.count
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func value(depth: Int) -> Bool {
            guard depth < 64, let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
            default: return false
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { text in
                (0..<count).allSatisfy { bytes[index + $0] == text[$0] }
            }
            index += count
            return matches
        }

        /// `-?(0|[1-9][0-9]*)`, not `-0`, within `Int`'s range (read as an `Int`, written back the same).
        mutating func integer() -> Bool {
            let negative = current == UInt8(ascii: "-")
            if negative { index += 1 }
            let digitsStart = index
            var magnitude: UInt64 = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow && !carry else { return false }
                magnitude = sum
                index += 1
            }
            let digits = index - digitsStart
            guard digits > 0, magnitude <= (negative ? UInt64(Int.max) + 1 : UInt64(Int.max)) else { return false }
            if bytes[digitsStart] == UInt8(ascii: "0") && (digits > 1 || negative) { return false }
            if let byte = current, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                return false
            }
            return true
        }

        mutating func array(depth: Int) -> Bool {
            index += 1
            if current == UInt8(ascii: "]") {
                index += 1
                return true
            }
            while true {
                guard value(depth: depth + 1) else { return false }
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return true
                default: return false
                }
            }
        }

        mutating func object(depth: Int) -> Bool {
            index += 1
            if current == UInt8(ascii: "}") {
                index += 1
                return true
            }
            var previous: Range<Int>?
            while true {
                guard current == UInt8(ascii: "\""), let key = string(), isPlainASCII(key) else { return false }
                if let previous, !ascending(previous, key) { return false }
                previous = key
                guard current == UInt8(ascii: ":") else { return false }
                index += 1
                guard value(depth: depth + 1) else { return false }
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return true
                default: return false
                }
            }
        }

        /// A member name the writer sorts by its bytes: ASCII without escapes.
        func isPlainASCII(_ range: Range<Int>) -> Bool {
            range.allSatisfy { bytes[$0] < 0x80 && bytes[$0] != UInt8(ascii: "\\") }
        }

        /// True when the name at `first` sorts strictly before the one at `second`.
        func ascending(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
            var a = first.lowerBound
            var b = second.lowerBound
            while a < first.upperBound && b < second.upperBound {
                if bytes[a] != bytes[b] { return bytes[a] < bytes[b] }
                a += 1
                b += 1
            }
            return a == first.upperBound && b < second.upperBound
        }

        /// Scans a string as the writer writes it; returns the range of its content.
        mutating func string() -> Range<Int>? {
            index += 1
            let start = index
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<(index - 1)
                case UInt8(ascii: "\\"):
                    guard escape() else { return nil }
                case 0..<0x20:
                    return nil
                case 0x80...:
                    guard scalar() else { return nil }
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The escapes the writer writes: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00xx` (lower-case hex) for other controls.
        mutating func escape() -> Bool {
            guard index + 1 < bytes.count else { return false }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
                return true
            case UInt8(ascii: "u"):
                guard index + 6 <= bytes.count, bytes[index + 2] == UInt8(ascii: "0"),
                    bytes[index + 3] == UInt8(ascii: "0"),
                    let high = Self.lowerHex(bytes[index + 4]), high <= 1, let low = Self.lowerHex(bytes[index + 5])
                else { return false }
                let control = high << 4 | low
                guard control != 0x0A && control != 0x0D && control != 0x09 else { return false }
                index += 6
                return true
            default:
                return false
            }
        }

        static func lowerHex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            default: return nil
            }
        }

        /// One well-formed multi-byte UTF-8 scalar (Unicode table 3-7): text that is not is
        /// repaired when read, so it would not be written back as it came.
        mutating func scalar() -> Bool {
            let first = bytes[index]
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch first {
            case 0xC2...0xDF: count = 2
            case 0xE0:
                count = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED:
                count = 3
                high = 0x9F
            case 0xF0:
                count = 4
                low = 0x90
            case 0xF1...0xF3: count = 4
            case 0xF4:
                count = 4
                high = 0x8F
            default: return false
            }
            guard index + count <= bytes.count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            for offset in 2..<max(2, count) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += count
            return true
        }
    }
}

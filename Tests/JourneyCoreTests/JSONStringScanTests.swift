import Testing

@testable import JourneyCore

/// The word-at-a-time scan finds the byte the byte-by-byte definition finds, wherever it stands
/// and whatever is around it (high bytes next to a quote, a 0x1F beside a 0x20...).
@Suite struct JSONStringScanTests {
    static func firstSpecialByteByByte(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 } ?? bytes.count
    }

    @Test func findsWhatTheByteByByteScanFinds() {
        // A fixed linear congruential sequence: the same buffers on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        for length in 0..<40 {
            for _ in 0..<200 {
                // Mostly plain bytes, now and then an edge: the special one lands anywhere, or nowhere.
                let bytes = (0..<length).map { _ in
                    let roll = next()
                    if roll < 16 { return edges[Int(next()) % edges.count] }
                    let plain = 0x23 + roll % 0x39
                    return plain == 0x5C ? 0x41 : plain
                }
                for start in 0...length {
                    let fast = bytes.withUnsafeBufferPointer { JSONStringScan.firstSpecial(in: $0, from: start) }
                    #expect(fast == Self.firstSpecialByteByByte(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test func eachSpecialByteIsFoundInEveryLaneOfAWord() {
        for special in [UInt8(ascii: "\""), UInt8(ascii: "\\")] + Array(0..<0x20) {
            for lane in 0..<8 {
                var bytes = [UInt8](repeating: 0xE9, count: 8) + [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[lane] = special
                let found = bytes.withUnsafeBufferPointer { JSONStringScan.firstSpecial(in: $0, from: 0) }
                #expect(found == lane, "byte \(special) in lane \(lane)")
            }
        }
    }
}

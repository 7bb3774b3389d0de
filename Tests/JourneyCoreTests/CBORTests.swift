import JourneyCore
import Testing

/// The examples of RFC 8949 Appendix A that fall in the WebAuthn profile, both ways.
@Suite struct CBORTests {
    static let vectors: [(CBORValue, String)] = [
        (.unsigned(0), "00"), (.unsigned(23), "17"), (.unsigned(24), "1818"), (.unsigned(100), "1864"),
        (.unsigned(1000), "1903e8"), (.unsigned(1_000_000), "1a000f4240"),
        (.unsigned(1_000_000_000_000), "1b000000e8d4a51000"), (.unsigned(UInt64.max), "1bffffffffffffffff"),
        (.negative(UInt64.max), "3bffffffffffffffff"), (.int(-1), "20"), (.int(-10), "29"), (.int(-100), "3863"),
        (.int(-1000), "3903e7"), (.bool(false), "f4"), (.bool(true), "f5"), (.null, "f6"),
        (.bytes([]), "40"), (.bytes([1, 2, 3, 4]), "4401020304"), (.text(""), "60"), (.text("a"), "6161"),
        (.text("IETF"), "6449455446"), (.text("\u{00fc}"), "62c3bc"), (.text("\u{6c34}"), "63e6b0b4"),
        (.array([]), "80"), (.array([.unsigned(1), .unsigned(2), .unsigned(3)]), "83010203"),
        (
            .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])]),
            "8301820203820405"
        ),
        (.array((1...25).map { .unsigned($0) }), "98190102030405060708090a0b0c0d0e0f101112131415161718181819"),
        (.map([]), "a0"), (.map([(.unsigned(1), .unsigned(2)), (.unsigned(3), .unsigned(4))]), "a201020304"),
        (
            .map([(.text("a"), .unsigned(1)), (.text("b"), .array([.unsigned(2), .unsigned(3)]))]), "a26161016162820203"
        ),
    ]

    @Test(arguments: 0..<vectors.count) func roundTripsTheRFCExamples(_ index: Int) throws {
        let (value, hex) = Self.vectors[index]
        #expect(Self.hex(CBORWriter.encode(value)) == hex)
        #expect(try CBORReader.decode(Self.bytes(hex)) == value)
    }

    @Test func readsIntegerAndTextKeysOfACOSEKey() throws {
        // An EC2 P-256 key header: {1: 2, 3: -7, -1: 1}.
        let key = try CBORReader.decode(Self.bytes("a3010203262001"))
        #expect(key[int: 1]?.intValue == 2)
        #expect(key[int: 3]?.intValue == -7)
        #expect(key[int: -1]?.intValue == 1)
        #expect(key[text: "fmt"] == nil)
    }

    @Test func prefixReadingSaysWhereTheItemEnds() throws {
        let (value, length) = try CBORReader.decodePrefix(Self.bytes("a1616101ff00"))
        #expect(value == .map([(.text("a"), .unsigned(1))]))
        #expect(length == 4)
    }

    @Test(arguments: [
        ("", "unexpected end"), ("5f", "indefinite"), ("c11a514b67b0", "tags"), ("f93c00", "float"),
        ("f7", "simple value"), ("1c", "reserved"), ("5a7fffffff", "exceeds"), ("9affffffff", "exceeds"),
        ("a201020103", "duplicate"), ("62c328", "UTF-8"), ("0000", "after the CBOR item"),
        (String(repeating: "81", count: 20) + "00", "nested too deeply"),
    ])
    func rejectsWhatWebAuthnDoesNotUse(_ hex: String, _ reason: String) {
        #expect {
            _ = try CBORReader.decode(Self.bytes(hex))
        } throws: { error in
            (error as? CBORSyntaxError)?.message.contains(reason) == true
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(($0 >> 4), radix: 16) + String($0 & 0xF, radix: 16) }.joined()
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }
}

/// RFC 4648 Base32 (`A–Z`, `2–7`), as OTP secrets are shown. Decoding ignores case, spaces,
/// hyphens and `=` padding, and rejects any other character.
package enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    package static func encode(_ bytes: [UInt8], padding: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        if padding { while output.count % 8 != 0 { output.append(UInt8(ascii: "=")) } }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `text`, or the first character that is not Base32.
    package static func decode(_ text: String) -> Result<[UInt8], InvalidCharacter> {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for (position, character) in text.enumerated() {
            if character == " " || character == "-" || character == "=" { continue }
            guard let ascii = character.asciiValue else { return .failure(InvalidCharacter(position: position + 1)) }
            let value: UInt32
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(ascii - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(ascii - UInt8(ascii: "a"))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = UInt32(ascii - UInt8(ascii: "2")) + 26
            default: return .failure(InvalidCharacter(position: position + 1))
            }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return .success(output)
    }

    /// The 1-based position of the first character that is not Base32 (the character itself is
    /// not kept: it belongs to a secret).
    package struct InvalidCharacter: Error, Sendable, Equatable {
        package var position: Int
    }
}

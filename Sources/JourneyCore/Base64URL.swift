import Foundation

/// Base64url without padding, as JWTs use it. Byte tables rather than Foundation's encoder and
/// string replacements: the simulator signs and checks an authId on every request.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Values of base64url and of standard base64 characters (both are accepted); 0xFF for others.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    package static func encode(_ bytes: [UInt8]) -> String {
        String(decoding: encodedBytes(bytes), as: UTF8.self)
    }

    /// The base64url text of `bytes`, as bytes.
    package static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(alphabet[Int(chunk >> 6 & 63)])
            out.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            if rest == 2 { out.append(alphabet[Int(chunk >> 6 & 63)]) }
        }
        return out
    }

    package static func encode(_ data: Data) -> String { encode([UInt8](data)) }

    package static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

    package static func decode(_ text: String) -> Data? {
        decodeBytes(Substring(text)).map { Data($0) }
    }

    /// Decodes base64url (or standard base64), padding optional; nil on a stray character, on
    /// anything but padding after padding, or on a length no encoder produces.
    package static func decodeBytes(_ text: Substring) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        var padded = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padded = true
                continue
            }
            let value = values[Int(byte)]
            guard value != 0xFF, !padded else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bits >= 6 ? nil : out
    }
}

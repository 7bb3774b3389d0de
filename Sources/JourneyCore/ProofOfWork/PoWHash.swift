import Crypto

/// The hash a proof-of-work scheme uses, as ALTCHA spells it (`SHA-1`, `SHA-256`, `SHA-512`).
package enum PoWHash: String, Sendable, Hashable, CaseIterable {
    case sha1 = "SHA-1"
    case sha256 = "SHA-256"
    case sha512 = "SHA-512"

    /// `SHA-256`, `sha256`, `SHA256`...
    package init?(name: String) {
        switch name.uppercased().replacingOccurrences(of: "-", with: "") {
        case "SHA1": self = .sha1
        case "SHA256": self = .sha256
        case "SHA512": self = .sha512
        default: return nil
        }
    }

    /// The digest of `bytes`.
    package func digest(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: Array(Insecure.SHA1.hash(data: bytes))
        case .sha256: Array(SHA256.hash(data: bytes))
        case .sha512: Array(SHA512.hash(data: bytes))
        }
    }

    /// Lower-case hex of the digest of `text`'s UTF-8 bytes.
    package func hex(_ text: String) -> String { Hex.encode(digest(Array(text.utf8))) }

    /// Lower-case hex HMAC of `text` under `key` with this hash.
    package func hmacHex(_ text: String, key: String) -> String {
        let key = SymmetricKey(data: Array(key.utf8))
        let message = Array(text.utf8)
        switch self {
        case .sha1: return Hex.encode(Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key)))
        case .sha256: return Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: message, using: key)))
        case .sha512: return Hex.encode(Array(HMAC<SHA512>.authenticationCode(for: message, using: key)))
        }
    }
}

/// Lower-case hexadecimal.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The nibbles (0–15) of a hex string, or nil when it holds anything else.
    package static func nibbles(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for ascii in text.utf8 {
            switch ascii {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): result.append(ascii - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): result.append(ascii - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): result.append(ascii - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return result
    }

    /// The bytes of an even-length hex string.
    package static func decode(_ text: String) -> [UInt8]? {
        guard let nibbles = nibbles(text), nibbles.count % 2 == 0 else { return nil }
        return stride(from: 0, to: nibbles.count, by: 2).map { (nibbles[$0] << 4) | nibbles[$0 + 1] }
    }
}

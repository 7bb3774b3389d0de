import Foundation

/// Percent-encoding and decoding, byte by byte (Foundation's `CharacterSet.alphanumerics` lets
/// non-ASCII letters through unencoded, and its encoder and decoder are slow on every request).
package enum PercentEncoding {
    /// RFC 3986 percent-encoding of a query name or value: ASCII letters, digits and `-._~`
    /// stay, every other UTF-8 byte becomes `%XX`.
    package static func queryComponent(_ text: String) -> String {
        encoded(text, keeping: isUnreserved)
    }

    /// `text` with only its non-ASCII bytes percent-encoded: a URL that holds a placeholder (`«code»`).
    package static func nonASCIIEncoded(_ text: String) -> String {
        encoded(text, keeping: { $0 < 0x80 })
    }

    private static func encoded(_ text: String, keeping: (UInt8) -> Bool) -> String {
        if text.utf8.allSatisfy(keeping) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeping(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with `%XX` escapes decoded (and `+` as a space when `plusAsSpace`, as servlet
    /// containers decode query strings); nil when an escape is malformed or the bytes are not UTF-8.
    package static func decoded(_ text: String, plusAsSpace: Bool = false) -> String? {
        decodedText(text, plusAsSpace: plusAsSpace)
    }

    /// `text` with `%XX` escapes decoded, as the `String` overload does (concrete overloads: a
    /// `package` generic is not specialized in another module).
    package static func decoded(_ text: Substring, plusAsSpace: Bool = false) -> String? {
        decodedText(text, plusAsSpace: plusAsSpace)
    }

    private static func decodedText(_ text: some StringProtocol, plusAsSpace: Bool) -> String? {
        let percent = UInt8(ascii: "%")
        let plus = UInt8(ascii: "+")
        if !text.utf8.contains(where: { $0 == percent || (plusAsSpace && $0 == plus) }) { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == percent {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(plusAsSpace && byte == plus ? UInt8(ascii: " ") : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The query parameters of `components`, decoded byte for byte. Foundation's decoder drops a
    /// leading U+FEFF (`%EF%BB%BFLogin` reads as `Login`), so a journey named with one would be
    /// started, recorded and imported as another.
    package static func queryItems(of components: URLComponents?) -> [(name: String, value: String)] {
        (components?.percentEncodedQueryItems ?? []).map { item -> (name: String, value: String) in
            let value = item.value ?? ""
            return (decoded(item.name) ?? item.name, decoded(value) ?? value)
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

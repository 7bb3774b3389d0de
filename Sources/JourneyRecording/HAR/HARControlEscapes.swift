import Foundation

/// The characters a server's text must not carry raw into a recording, escaped as the JSON
/// report escapes them (`JSONWriter.pretty`): `JSONEncoder` escapes the C0 controls but writes
/// DEL, the C1 controls (CSI U+009B among them), U+2028, U+2029 and the bidirectional marks,
/// embeddings, overrides and isolates as they are. They stand only inside JSON strings, where
/// `\uXXXX` reads back as the same character.
enum HARControlEscapes {
    /// `json` (UTF-8 JSON text) with each such character written `\uXXXX`.
    static func escaped(_ json: Data) -> Data {
        // Over the raw bytes: `Data`'s own iteration is per-byte work on every entry HARWriter streams.
        guard json.withUnsafeBytes({ $0.contains { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 } }) else { return json }
        var out = Data(capacity: json.count + 16)
        var index = json.startIndex
        while index < json.endIndex {
            let byte = json[index]
            if let (length, scalar) = control(in: json, at: index, byte) {
                let hex = String(scalar, radix: 16)
                out.append(contentsOf: Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
                index += length
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// The length and scalar value of a character to escape at `index`, or nil.
    private static func control(in json: Data, at index: Data.Index, _ byte: UInt8) -> (Int, UInt32)? {
        if byte == 0x7F { return (1, 0x7F) }
        let second = index + 1 < json.endIndex ? json[index + 1] : 0
        if byte == 0xC2, (0x80...0x9F).contains(second) { return (2, UInt32(second)) }
        guard byte == 0xE2, index + 2 < json.endIndex else { return nil }
        let third = json[index + 2]
        let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
        switch scalar {
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return second & 0xC0 == 0x80 && third & 0xC0 == 0x80 ? (3, scalar) : nil
        default: return nil
        }
    }
}

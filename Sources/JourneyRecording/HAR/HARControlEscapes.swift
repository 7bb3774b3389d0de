import Foundation

/// The characters a server's text must not carry raw into a recording, escaped as the JSON
/// report escapes them (`JSONWriter.pretty`): `JSONEncoder` escapes the C0 controls but writes
/// DEL, the C1 controls (CSI U+009B among them), U+2028, U+2029 and the bidirectional marks,
/// embeddings, overrides and isolates as they are. They stand only inside JSON strings, where
/// `\uXXXX` reads back as the same character.
enum HARControlEscapes {
    /// `json` (UTF-8 JSON text) with each such character written `\uXXXX`.
    static func escaped(_ json: Data) -> Data {
        json.withUnsafeBytes { bytes -> Data in
            // Runs between escapes are copied whole: nearly every entry holds a `«placeholder»`
            // (bytes C2 AB), and a copy byte by byte through `Data` was a quarter of capture's stop.
            var out: [UInt8] = []
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x7F || byte == 0xC2 || byte == 0xE2, let (length, scalar) = control(in: bytes, at: index)
                else {
                    index += 1
                    continue
                }
                if out.isEmpty { out.reserveCapacity(bytes.count + 16) }
                out.append(contentsOf: bytes[runStart..<index])
                let hex = String(scalar, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                index += length
                runStart = index
            }
            guard runStart > 0 else { return json }
            out.append(contentsOf: bytes[runStart..<bytes.count])
            return Data(out)
        }
    }

    /// The length and scalar value of a character to escape at `index`, or nil.
    private static func control(in json: UnsafeRawBufferPointer, at index: Int) -> (Int, UInt32)? {
        let byte = json[index]
        if byte == 0x7F { return (1, 0x7F) }
        let second = index + 1 < json.count ? json[index + 1] : 0
        if byte == 0xC2, (0x80...0x9F).contains(second) { return (2, UInt32(second)) }
        guard byte == 0xE2, index + 2 < json.count else { return nil }
        let third = json[index + 2]
        let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
        switch scalar {
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return second & 0xC0 == 0x80 && third & 0xC0 == 0x80 ? (3, scalar) : nil
        default: return nil
        }
    }
}

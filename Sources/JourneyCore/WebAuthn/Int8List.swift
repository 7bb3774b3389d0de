/// Bytes as AM's WebAuthn script writes them: signed 8-bit integers joined by commas
/// (`-2,85,78`), the text of a JavaScript `Int8Array`.
package enum Int8List {
    /// Lists longer than this many bytes are rejected when read.
    package static let maxCount = 64 * 1024

    /// The bytes as signed numbers joined by `separator` (AM's page templates use `", "`).
    package static func encode(_ bytes: [UInt8], separator: String = ",") -> String {
        bytes.map { String(Int8(bitPattern: $0)) }.joined(separator: separator)
    }

    /// Reads a comma-separated list; spaces around numbers are allowed, as in `new Int8Array([1, -2])`.
    /// An empty text is no bytes. Each number must be in -128...255 (AM's Java and browsers both
    /// write signed bytes; unsigned ones are accepted as the same byte).
    package static func decode(_ text: Substring) throws(WebAuthnWireError) -> [UInt8] {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { return [] }
        var out: [UInt8] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard out.count < maxCount else { throw WebAuthnWireError("byte list exceeds \(maxCount) bytes") }
            let number = part.trimmingSpaces
            guard number.count <= 4, let value = Int(number), (-128...255).contains(value) else {
                throw WebAuthnWireError("'\(number.prefix(16))' is not a byte in -128...255")
            }
            out.append(UInt8(truncatingIfNeeded: value))
        }
        return out
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\n" || first == "\t" || first == "\r" {
            text.removeFirst()
        }
        while let last = text.last, last == " " || last == "\n" || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}

/// A redaction placeholder such as `«password»`: what outputs, reports and recordings hold in
/// place of a secret. Replay and matching treat a placeholder as standing for any text.
package enum Placeholder {
    /// True for a whole-value placeholder such as `«password»`.
    package static func isWhole(_ text: String) -> Bool {
        // Bytes (« is C2 AB, » C2 BB): counting Characters walked every secret the redactor registered.
        let bytes = text.utf8
        return bytes.count >= 5 && bytes.starts(with: [0xC2, 0xAB]) && bytes.reversed().starts(with: [0xBB, 0xC2])
    }

    /// True when a value is (or holds) a placeholder such as `«otpSecret»`.
    package static func isHeld(in text: String) -> Bool {
        guard let open = text.firstIndex(of: "«") else { return false }
        return text[open...].contains("»")
    }

    /// True when `text` is `pattern` with each placeholder (`«name»`) in it replaced by some text.
    package static func matches(_ text: String, withPlaceholders pattern: String) -> Bool {
        guard pattern.contains("«") else { return false }
        var literals: [Substring] = []
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "«"), let close = rest[open...].firstIndex(of: "»") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        guard literals.count > 1, let first = literals.first, let last = literals.last,
            text.count >= first.count + last.count, text.hasPrefix(first), text.hasSuffix(last)
        else { return false }
        var remaining = text.dropFirst(first.count).dropLast(last.count)
        for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
            guard let found = remaining.range(of: literal) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return true
    }
}

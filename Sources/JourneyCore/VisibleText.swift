/// Text from outside (a server's prompt, a request path) made safe to print on one line: control
/// characters, C1 controls, bidirectional overrides and invisible separators become visible escapes such as `\u001b`,
/// so they can neither drive the terminal nor start a line of their own in a log.
package enum VisibleText {
    /// `text` escaped line by line: its line breaks stay line breaks (a message of several
    /// lines), every other control character is written out.
    package static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(
            separator: "\n")
    }

    /// `text` as a block of lines (a body, a log): its line breaks, carriage returns and tabs
    /// stay as they are, every other control character is written out as `\uXXXX`.
    package static func escapedBlock(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !isLayout($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) && !isLayout(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isLayout(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\t"
    }

    /// `text` with every control character written as `\n`, `\r`, `\t` or `\uXXXX`; the same text
    /// (not a copy) when there is none.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, the bidi embeddings, overrides and isolates, the Unicode line and
    /// paragraph separators (a new line to many log readers) and U+FEFF (invisible).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}

import JourneyCore

/// Escaping for XML 1.0 text and attribute values.
///
/// XML 1.0 cannot carry most control characters at all, not even as character references,
/// so they are replaced by their visible Control Pictures (U+0000 → `␀`, ESC → `␛`, DEL → `␡`),
/// and U+FFFE/U+FFFF by U+FFFD; C1 controls and bidirectional overrides, which XML allows, are
/// written out as `\u009b`, so a server's text never drives the terminal that shows the file.
/// Tab, line feed and carriage return are kept in text and written as character references in
/// attributes, where a parser would otherwise turn them into spaces.
enum XMLEscaping {
    /// `text` safe between tags.
    static func text(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// `text` safe inside a double- or single-quoted attribute value.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            case "\u{0}"..."\u{1F}":
                out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case "\u{7F}":
                out += "\u{2421}"
            case "\u{80}"..."\u{9F}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                // C1 controls (CSI U+009B drives a terminal) and bidi overrides: written out, as the console does.
                out += VisibleText.escaped(String(scalar))
            case "\u{FFFE}", "\u{FFFF}":
                out += "\u{FFFD}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

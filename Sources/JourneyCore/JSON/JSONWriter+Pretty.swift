/// Indented JSON for people (reports, the console): keys sorted, two-space indent,
/// `"key": value`, empty containers as `[]` and `{}`, numbers in their shortest exact form,
/// non-ASCII text as is, and DEL, the C1 controls (U+0080 to U+009F, CSI U+009B among them),
/// U+2028, U+2029 and the bidirectional marks, embeddings, overrides and isolates escaped too,
/// so the text is safe to paste anywhere and a server's text never drives a terminal. The same value always gives the same text, on every platform.
extension JSONWriter {
    package static func pretty(_ value: JSONValue) -> String {
        pretty(value, indent: "")
    }

    /// `value` as it stands inside a document at `indent` (its first line not indented): a
    /// writer that streams a document piece by piece writes the same text as `pretty` of the whole.
    package static func pretty(_ value: JSONValue, indent: String) -> String {
        var out = ""
        write(value, indent: indent, into: &out)
        return out
    }

    /// A key as `pretty` writes it, quoted and escaped.
    package static func prettyKey(_ key: String) -> String {
        var out = ""
        string(key, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? number.description : "null"
        case .string(let text): string(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            let inner = indent + "  "
            let keys = members.keys.sorted()
            out += "{\n"
            for (index, key) in keys.enumerated() {
                out += inner
                string(key, into: &out)
                out += ": "
                write(members[key] ?? .null, indent: inner, into: &out)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    private static func string(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{200E}", "\u{200F}",
                "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

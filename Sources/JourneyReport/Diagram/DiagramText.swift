/// A text from a server or a script made fit for one line of a diagram: whitespace of any kind
/// (line breaks, tabs, U+2028) becomes one space, control and format characters (ESC, bidi
/// overrides) are removed, and a text past `limit` characters is cut with `…`.
enum DiagramText {
    static func line(_ text: String, limit: Int) -> String {
        var result = ""
        var pendingSpace = false
        var count = 0
        for character in text {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            let kept = String(String.UnicodeScalarView(character.unicodeScalars.filter { !isHidden($0) }))
            guard !kept.isEmpty else { continue }
            if pendingSpace {
                result += " "
                count += 1
                pendingSpace = false
            }
            if count >= limit - 1 {
                return result + "…"
            }
            result += kept
            count += 1
        }
        return result
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            return true
        default:
            return false
        }
    }
}

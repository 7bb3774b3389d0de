import Foundation

/// Text from a run made safe for one line of Markdown (a heading, a list item, a table cell):
/// on one line without control characters (``DiagramText``), the punctuation Markdown reads as
/// emphasis, code, links, images, tables, math or an autolink (`http:`, `www.`, `a@b`)
/// backslash-escaped, and `& < >` written as HTML entities, so no text becomes markup.
enum MarkdownText {
    /// Characters of one text kept in a transcript line.
    static let limit = 400

    static func inline(_ text: String) -> String {
        var result = ""
        for character in DiagramText.line(text, limit: limit) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "#", "!", "|", "~", "$", "@":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        // GFM links `http://...` and `www.example.com` without the brackets; the escapes keep them text.
        return result.replacingOccurrences(of: "://", with: "\\://").replacingOccurrences(of: "www.", with: "www\\.")
    }
}

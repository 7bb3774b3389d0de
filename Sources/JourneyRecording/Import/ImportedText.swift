import Foundation
import JourneyCore
import Yams

/// Text from traffic (what an app or a server sent) as `journey import` and `journey capture`
/// write it into a script: data the runner sends back or compares exactly, never code. Every
/// recorded string goes through one of these, chosen by what the format reads at that place:
/// - a value an answer sends: a string with `{{` has each `{{` written as the expression
///   `{{ '{{' }}`, so the runner sends the characters; an object, a list or null is wrapped,
///   `{ value: ... }`, so it is never read as a value source (`{ command: ... }`, `{ env: ... }`);
/// - a template (`journey`, `server.url`, a request's URL and headers, `outbox.to`): `{{` escaped so;
/// - a pattern (a message, a stage, an advice): the text itself, or, when the text would read as
///   a `/regex/` or a template, a regex matching exactly that text;
/// - a comment: one line, its line breaks and invisible characters written as `\uXXXX`.
/// Strings are double-quoted, where YAML escapes every control, line-break and invisible
/// character (`\0`, `\L`, `\uFEFF`), so the text reads back the same.
package enum ImportedText {
    /// `{{`, as an expression whose value is those two characters.
    package static let openingBraces = "{{ '{{' }}"

    /// A recorded string where the format reads a template or a value.
    static func template(_ text: String) -> Node {
        Node(escapingExpressions(text), .implicit, .doubleQuoted)
    }

    /// `text` with every `{{` written as an expression giving `{{`: as a template it evaluates to
    /// `text`. `beforeExpression`: an expression follows, so a last `{` would open it too early.
    package static func escapingExpressions(_ text: String, beforeExpression: Bool = false) -> String {
        var escaped = text.contains("{{") ? text.replacingOccurrences(of: "{{", with: openingBraces) : text
        if beforeExpression, escaped.hasSuffix("{") { escaped = escaped.dropLast() + "{{ '{' }}" }
        return escaped
    }

    /// A recorded JSON value an answer sends: its JSON type kept; objects and lists as
    /// `{ value: ... }`, literal data whatever their keys.
    static func value(_ json: JSONValue) -> Node {
        switch json {
        case .string(let text): return template(text)
        case .array, .object, .null: return .flow([("value", literal(json))])
        default: return literal(json)
        }
    }

    /// A JSON value as YAML data, read back as literal JSON (inside `{ value: ... }`, or where
    /// the format reads no template): strings double-quoted as they are (a recorded "true" or
    /// "0123" stays a string), numbers and booleans plain, arrays and objects in flow style.
    static func literal(_ json: JSONValue) -> Node {
        switch json {
        case .string(let text): return string(text)
        case .array(let items): return .flow(items.map(literal))
        case .object(let members):
            return .flow(members.sorted { $0.key < $1.key }.map { ($0.key, literal($0.value)) })
        default: return .plain(json.compactJSON)
        }
    }

    /// A recorded string where the format reads plain text (a script's `name`, a choice label).
    static func string(_ text: String) -> Node {
        Node(text, .implicit, .doubleQuoted)
    }

    /// A recorded string where the format reads a pattern or a claim: matched exactly. Text that
    /// would read as a `/regex/` or hold a template becomes `/\A…\z/` with every character escaped.
    static func pattern(_ text: String) -> Node {
        guard text.hasPrefix("/") || text.contains("{{") else { return string(text) }
        return string("/\\A" + regexEscaped(text) + "\\z/")
    }

    /// Each character a regex could read as syntax (any but ASCII letters and digits) as an escape.
    static func regexEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    /// Text for a comment: one line whatever it holds (a line break would end the comment and
    /// start a key), controls and invisible characters written as `\uXXXX`.
    static func comment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

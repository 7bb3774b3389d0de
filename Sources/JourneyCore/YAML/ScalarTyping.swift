import Yams

/// Types plain YAML scalars as YAML 1.1's core schema does (the rules of Yams' default
/// resolver and PyYAML), without regular expressions.
enum ScalarTyping {
    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]
    static let trues: Set<String> = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]
    static let falses: Set<String> = ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]

    static func tag(of text: String) -> Tag.Name {
        guard let first = text.utf8.first else { return .null }
        // Most scalars are words: only these first characters can start a non-string.
        if !"0123456789+-.~yYnNtTfFoO".utf8.contains(first) { return .str }
        if nulls.contains(text) { return .null }
        if trues.contains(text) || falses.contains(text) { return .bool }
        if int(text) != nil { return .int }
        if float(text) != nil { return .float }
        return .str
    }

    static func bool(_ text: String) -> Bool? {
        if trues.contains(text) { return true }
        if falses.contains(text) { return false }
        return nil
    }

    /// Decimal (with `_` separators), `0x` hex, `0o` octal and `0b` binary, with an optional sign.
    static func int(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard let first = digits.first, first.isASCII, first.isNumber else { return nil }
        let radix: Int
        if digits.hasPrefix("0x") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0o") {
            radix = 8
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0b") {
            radix = 2
            digits = digits.dropFirst(2)
        } else {
            radix = 10
            if digits.count > 1 && first == "0" { return nil }
        }
        let cleaned = digits.filter { $0 != "_" }
        guard !cleaned.isEmpty, let magnitude = Int(cleaned, radix: radix) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Any YAML number as a Double: an integer or a float.
    static func double(_ text: String) -> Double? {
        int(text).map(Double.init) ?? float(text)
    }

    /// Decimal floats with a point or an exponent, and `.inf`/`.nan` (not integers).
    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-._eE".contains($0)) }),
            let value = Double(text.filter { $0 != "_" })
        else { return nil }
        return value
    }
}

import Foundation
import JourneyCore

/// The `<Advices>` XML of a composite advice, parsed strictly (no DTDs, no attributes but `name`).
enum AdviceXML {
    /// Builds `<Advices><AttributeValuePair><Attribute name="X"/><Value>v</Value></AttributeValuePair></Advices>`.
    static func build(name: String, value: String) -> String {
        "<Advices><AttributeValuePair><Attribute name=\"\(escape(name))\"/><Value>\(escape(value))</Value>"
            + "</AttributeValuePair></Advices>"
    }

    /// Reads the XML, or base64url of it. Values inside one `<Value>` may be space-separated.
    static func parse(_ text: String) -> [(name: String, values: [String])]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<") { return parseXML(trimmed) }
        guard let bytes = Base64URLFast.decode(trimmed) else { return nil }
        return parseXML(String(decoding: bytes, as: UTF8.self))
    }

    private static func parseXML(_ text: String) -> [(name: String, values: [String])]? {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.tag("<Advices>") else { return nil }
        var pairs: [(name: String, values: [String])] = []
        while scanner.tag("<AttributeValuePair>") {
            guard scanner.tag("<Attribute"), scanner.tag("name="), let name = scanner.quoted(), scanner.tag("/>")
            else { return nil }
            var values: [String] = []
            while scanner.tag("<Value>") {
                guard let value = scanner.text(until: "</Value>") else { return nil }
                values += unescape(value).split(whereSeparator: \.isWhitespace).map(String.init)
            }
            guard scanner.tag("</AttributeValuePair>") else { return nil }
            pairs.append((unescape(name), values))
        }
        guard scanner.tag("</Advices>"), scanner.atEnd, !pairs.isEmpty else { return nil }
        return pairs
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func tag(_ literal: String) -> Bool {
            skipSpace()
            let expected = Array(literal.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
            else { return false }
            index += expected.count
            return true
        }

        mutating func quoted() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func text(until closing: String) -> String? {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return tag(closing) ? text : nil
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

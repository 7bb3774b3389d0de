import Foundation

/// One policy advice: its type and values, e.g. `TransactionConditionAdvice ["7b8b…"]` or
/// `AuthenticateToServiceConditionAdvice ["/:ConfirmPassword"]`.
package struct PolicyAdvice: Sendable, Hashable, CustomStringConvertible {
    package var name: String
    package var values: [String]

    package init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    package var description: String { "\(name) [\(values.joined(separator: ", "))]" }
}

/// The `<Advices>` XML AM takes as a `composite_advice` authIndexValue (am-protocol.md §8.2):
/// `<Advices><AttributeValuePair><Attribute name="X"/><Value>v</Value></AttributeValuePair></Advices>`,
/// exact, with no whitespace.
package enum AdviceXML {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// The XML for `advices`, one `AttributeValuePair` per advice and one `Value` per value.
    package static func build(_ advices: [PolicyAdvice]) -> String {
        var xml = "<Advices>"
        for advice in advices {
            xml += "<AttributeValuePair><Attribute name=\"\(escape(advice.name))\"/>"
            for value in advice.values { xml += "<Value>\(escape(value))</Value>" }
            xml += "</AttributeValuePair>"
        }
        return xml + "</Advices>"
    }

    /// Reads the XML, or base64url of it (as IG may send it). Whitespace between elements is
    /// tolerated; several values in one `<Value>` are separated by spaces (as the JS SDK writes them).
    package static func parse(_ text: String) throws(Failure) -> [PolicyAdvice] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<") { return try parseXML(trimmed) }
        guard !trimmed.isEmpty, let data = Base64URL.decode(trimmed) else {
            throw Failure(message: "'\(excerpt(trimmed))' is neither <Advices> XML nor base64url-encoded XML")
        }
        let decoded = String(decoding: data, as: UTF8.self)
        guard decoded.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<") else {
            throw Failure(
                message:
                    "'\(excerpt(trimmed))' decodes from base64url to '\(excerpt(decoded))', which is not <Advices> XML")
        }
        return try parseXML(decoded.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func parseXML(_ text: String) throws(Failure) -> [PolicyAdvice] {
        var scanner = Scanner(Array(text.utf8))
        func fail(_ expected: String) -> Failure {
            Failure(
                message:
                    "bad advice XML: expected \(expected) at character \(scanner.index + 1) of '\(excerpt(text, limit: 160))'"
            )
        }
        guard scanner.literal("<Advices>") else { throw fail("<Advices>") }
        var advices: [PolicyAdvice] = []
        while scanner.literal("<AttributeValuePair>") {
            guard scanner.literal("<Attribute") else { throw fail("<Attribute name=\"…\"/>") }
            guard scanner.literal("name="), let name = scanner.quoted() else { throw fail("name=\"…\"") }
            guard scanner.literal("/>") else { throw fail("/>") }
            var values: [String] = []
            while scanner.literal("<Value>") {
                guard let value = scanner.text(until: "</Value>") else { throw fail("</Value>") }
                values += unescape(value).split(whereSeparator: \.isWhitespace).map(String.init)
            }
            guard scanner.literal("</AttributeValuePair>") else { throw fail("<Value> or </AttributeValuePair>") }
            advices.append(PolicyAdvice(name: unescape(name), values: values))
        }
        guard scanner.literal("</Advices>") else { throw fail(advices.isEmpty ? "<AttributeValuePair>" : "</Advices>") }
        guard scanner.atEnd else { throw fail("the end of the document") }
        guard !advices.isEmpty else { throw Failure(message: "bad advice XML: <Advices> holds no advice") }
        return advices
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

        mutating func literal(_ text: String) -> Bool {
            skipSpace()
            let expected = Array(text.utf8)
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
            var end = index + 1
            while end < bytes.count, bytes[end] != quote {
                if bytes[end] == UInt8(ascii: "<") { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            return text
        }

        mutating func text(until closing: String) -> String? {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return literal(closing) ? text : nil
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func excerpt(_ text: String, limit: Int = 60) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}

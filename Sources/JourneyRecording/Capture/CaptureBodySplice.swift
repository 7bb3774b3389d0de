import Foundation
import JourneyCore

/// Finds, in a JSON body as bytes, the string members `journey capture` rewrites and replaces
/// those bytes only: numbers the app parses itself (`12345678901234567890`, `1e400`, `-0.0`),
/// member order and whitespace reach it as the upstream wrote them, which a parse and a new
/// serialization would not keep.
struct CaptureBodySplice {
    /// A string member of an object: its name, and where its value's token is.
    private struct Member {
        var key: String
        var value: Range<Int>?
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Each rewritten value: the token's range and the new token.
    private var edits: [(range: Range<Int>, token: [UInt8])] = []
    /// Whether a member is one to rewrite, from its name and its object's `name` member.
    private let selects: (_ key: String, _ sibling: String?) -> Bool
    private let replacement: (_ text: String) -> String?

    /// The nesting the scan follows, as deep as the JSON reader reads.
    static let maximumDepth = 64

    /// `body` with each string member that `selects(key, name)` (`name` is the `name` member of
    /// the same object) and for which `replacement(text)` gives a new text rewritten, or nil when
    /// nothing changes or the body is not one JSON value.
    static func splice(
        _ body: Data, selects: @escaping (_ key: String, _ sibling: String?) -> Bool,
        replacement: @escaping (_ text: String) -> String?
    ) -> Data? {
        var scan = CaptureBodySplice(bytes: [UInt8](body), selects: selects, replacement: replacement)
        scan.skipWhitespace()
        guard scan.value(depth: 0) else { return nil }
        scan.skipWhitespace()
        guard scan.index == scan.bytes.count, !scan.edits.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(scan.bytes.count + 64)
        var position = 0
        for edit in scan.edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += scan.bytes[position..<edit.range.lowerBound]
            result += edit.token
            position = edit.range.upperBound
        }
        result += scan.bytes[position...]
        return Data(result)
    }

    private init(
        bytes: [UInt8], selects: @escaping (String, String?) -> Bool, replacement: @escaping (String) -> String?
    ) {
        self.bytes = bytes
        self.selects = selects
        self.replacement = replacement
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Skips one value; false when the text is not JSON.
    private mutating func value(depth: Int) -> Bool {
        guard depth < Self.maximumDepth, let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return word("true")
        case UInt8(ascii: "f"): return word("false")
        case UInt8(ascii: "n"): return word("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func word(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            return false
        }
        index += expected.count
        return true
    }

    /// Any run of number characters: the number is kept as written, whatever its size.
    private mutating func number() -> Bool {
        let start = index
        while let byte = current, (byte >= 0x30 && byte <= 0x39) || "+-.eE".utf8.contains(byte) { index += 1 }
        return index > start
    }

    /// The range of a string token, quotes included.
    private mutating func string() -> Range<Int>? {
        guard current == UInt8(ascii: "\"") else { return nil }
        let start = index
        index += 1
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return start..<index
            case ..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    private func text(of token: Range<Int>) -> String? {
        (try? JSONReader.parse(Array(bytes[token])))?.stringValue
    }

    private mutating func array(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return true
        }
        while true {
            guard value(depth: depth + 1) else { return false }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return true
            default: return false
            }
        }
    }

    private mutating func object(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        var members: [Member] = []
        if current == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            guard let keyToken = string(), let key = text(of: keyToken) else { return false }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return false }
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "\"") {
                guard let token = string() else { return false }
                members.append(Member(key: key, value: token))
            } else {
                guard value(depth: depth + 1) else { return false }
                members.append(Member(key: key, value: nil))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                rewrite(members)
                return true
            default: return false
            }
        }
    }

    private mutating func rewrite(_ members: [Member]) {
        let name = members.last(where: { $0.key == "name" })?.value.flatMap(text(of:))
        for member in members {
            guard let token = member.value, selects(member.key, name), let text = text(of: token),
                let replaced = replacement(text)
            else { continue }
            edits.append((token, Array(JSONValue.string(replaced).compactJSON.utf8)))
        }
    }
}

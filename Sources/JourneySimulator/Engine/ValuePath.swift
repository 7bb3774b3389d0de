import Foundation
import JourneyCore

/// Reads journey state values by dotted path: `username`, `user.mail`, `payload.transactionData.value`.
/// A string holding a JSON object or array (a device profile, a reCAPTCHA payload) is looked into.
enum ValuePath {
    static func resolve(_ path: String, in values: [String: JSONValue]) -> JSONValue? {
        if let direct = values[path] { return direct }
        let segments = path.split(separator: ".").map(String.init)
        guard let first = segments.first, var current = values[first] else { return nil }
        for segment in segments.dropFirst() {
            if case .string(let text) = current, let parsed = parseEmbedded(text) { current = parsed }
            switch current {
            case .object(let members):
                guard let next = members[segment] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func parseEmbedded(_ text: String) -> JSONValue? {
        guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return nil }
        return try? JSONReader.parse(text)
    }

    /// Loose equality: numbers by value, otherwise by their text (`"1" == 1`, `true == "true"`).
    static func looselyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if a == b { return true }
        switch (a, b) {
        case (.int, .double), (.double, .int), (.double, .double), (.int, .int):
            return a.doubleValue == b.doubleValue
        case (.array, _), (_, .array), (.object, _), (_, .object), (.null, _), (_, .null):
            return false
        default:
            return a.displayText == b.displayText
        }
    }

    static func evaluate(_ condition: Condition, in values: [String: JSONValue]) -> Bool {
        switch condition {
        case .all(let conditions): return conditions.allSatisfy { evaluate($0, in: values) }
        case .any(let conditions): return conditions.contains { evaluate($0, in: values) }
        case .not(let inner): return !evaluate(inner, in: values)
        case .compare(let path, let comparison):
            let value = resolve(path, in: values)
            switch comparison {
            case .exists(let flag): return (value.map { !$0.isNull } ?? false) == flag
            case .equals(let expected): return value.map { looselyEqual($0, expected) } ?? false
            case .notEquals(let expected): return !(value.map { looselyEqual($0, expected) } ?? false)
            case .oneOf(let options): return value.map { v in options.contains { looselyEqual(v, $0) } } ?? false
            case .greaterThan(let bound): return value?.doubleValue.map { $0 > bound } ?? false
            case .lessThan(let bound): return value?.doubleValue.map { $0 < bound } ?? false
            case .regex(let pattern):
                guard let text = value?.displayText, let regex = try? NSRegularExpression(pattern: pattern) else {
                    return false
                }
                return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        }
    }
}

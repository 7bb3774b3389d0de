import Foundation
import JourneyCore

/// Converts resolved values to the JSON type an input takes (am-protocol.md §2).
enum ValueConversion {
    /// The text of a value for a string input: strings as they are, `null` as empty,
    /// anything else as compact JSON (numbers, booleans, mappings).
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        default: return value.displayText
        }
    }

    /// A boolean from `true`/`false`, the strings `"true"`/`"false"`, or the integers 1/0.
    static func bool(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .string(let text):
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        case .int(let number) where number == 0 || number == 1: return number == 1
        default: return nil
        }
    }

    /// A number (or `null`) for a NumberAttributeInputCallback: integers stay integers.
    static func number(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null, .int, .double: return value
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return .null }
            if let integer = Int(trimmed) { return .int(integer) }
            if let double = Double(trimmed) { return .double(double) }
            return nil
        default: return nil
        }
    }
}

extension String {
    /// `'A', 'B'`: a list of names in a message.
    static func quotedList(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.map { "'\($0)'" }.joined(separator: ", ")
    }
}

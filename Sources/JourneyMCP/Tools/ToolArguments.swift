import JourneyCore

/// A tool call's arguments, read with the message an assistant needs when one is wrong.
struct ToolArguments: Sendable {
    let values: [String: JSONValue]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    func string(_ name: String) throws(Problem) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue else { throw Problem(description: "'\(name)' must be a string") }
        return text
    }

    func requiredString(_ name: String) throws(Problem) -> String {
        guard let text = try string(name) else { throw Problem(description: "'\(name)' is required") }
        return text
    }

    /// A mapping of names to strings (`vars`); numbers and booleans are taken as their text.
    func strings(_ name: String) throws(Problem) -> [String: String] {
        guard let value = values[name], value != .null else { return [:] }
        guard case .object(let members) = value else {
            throw Problem(description: "'\(name)' must be an object of names to strings")
        }
        var result: [String: String] = [:]
        for (key, member) in members {
            switch member {
            case .string(let text): result[key] = text
            case .int(let number): result[key] = String(number)
            case .double(let number): result[key] = String(number)
            case .bool(let flag): result[key] = String(flag)
            default: throw Problem(description: "'\(name).\(key)' must be a string")
            }
        }
        return result
    }
}

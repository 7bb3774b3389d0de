/// Checks an authenticate answer against the shapes of AM's wire model before it is read, so a
/// value of the wrong type (`{"tokenId": 12345}`) or an ambiguous step (two inputs of one name) is a
/// protocol error instead of something read leniently.
package enum AMWireCheck {
    /// What is wrong with `json` as an answer with HTTP `status`, e.g. "tokenId is a number, not a
    /// string"; nil when every member the runner reads has its type.
    package static func problem(status: Int, json: JSONValue) -> String? {
        guard let object = json.objectValue else { return nil }
        if let authId = object["authId"] {
            guard authId.stringValue != nil else { return "authId is \(kind(authId)), not a string" }
            return stepProblem(object)
        }
        if (200..<300).contains(status) {
            return strings(["tokenId", "successUrl", "realm"], in: object)
        }
        return strings(["reason", "message"], in: object)
    }

    private static func stepProblem(_ object: [String: JSONValue]) -> String? {
        if let problem = strings(["stage", "header", "description"], in: object) { return problem }
        guard let callbacks = object["callbacks"] else { return nil }
        guard let items = callbacks.arrayValue else { return "callbacks is \(kind(callbacks)), not an array" }
        for (index, item) in items.enumerated() {
            // The place is written only for a problem: this check runs on every step a server sends.
            func place() -> String { "callbacks[\(index)]" }
            guard let callback = item.objectValue else { return "\(place()) is \(kind(item)), not an object" }
            guard let type = callback["type"] else { return "\(place()) has no type" }
            guard type.stringValue != nil else { return "\(place()).type is \(kind(type)), not a string" }
            for member in ["output", "input"] {
                if let problem = pairsProblem(callback[member], at: { "\(place()).\(member)" }) { return problem }
            }
            var names = Set<String>()
            for pair in callback["input"]?.arrayValue ?? [] {
                guard let name = pair["name"]?.stringValue else { continue }
                if !names.insert(name).inserted { return "\(place()).input names '\(name)' twice" }
            }
        }
        return nil
    }

    /// `output`/`input`: absent, or an array of objects with a string `name`.
    private static func pairsProblem(_ value: JSONValue?, at place: () -> String) -> String? {
        guard let value else { return nil }
        guard let pairs = value.arrayValue else { return "\(place()) is \(kind(value)), not an array" }
        for (index, pair) in pairs.enumerated() {
            guard let members = pair.objectValue else {
                return "\(place())[\(index)] is \(kind(pair)), not an object"
            }
            guard let name = members["name"] else { return "\(place())[\(index)] has no name" }
            guard name.stringValue != nil else { return "\(place())[\(index)].name is \(kind(name)), not a string" }
        }
        return nil
    }

    private static func strings(_ names: [String], in object: [String: JSONValue]) -> String? {
        for name in names {
            if let value = object[name], value.stringValue == nil, !value.isNull {
                return "\(name) is \(kind(value)), not a string"
            }
        }
        return nil
    }

    /// "a number", "an object"...: what a JSON value is, for messages.
    package static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

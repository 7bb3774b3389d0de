import Foundation

/// One `{name, value}` pair of a callback's `output` or `input` array.
package struct NameValue: Sendable, Hashable {
    package var name: String
    package var value: JSONValue

    package init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
    }

    /// Unknown members of the pair (rare, but kept so the echo is lossless).
    package var extra: [String: JSONValue] = [:]
}

/// A PingAM callback exactly as the server sent it. Typed views read from it; the echo
/// back to the server is this value with only `input` values changed.
package struct AMCallback: Sendable, Hashable {
    package var type: String
    package var output: [NameValue]
    /// `nil` when the server sent no `input` member (output-only callbacks).
    package var input: [NameValue]?
    /// The Page node's `_id`, echoed as received.
    package var id: JSONValue?
    /// Any other member, echoed untouched.
    package var extra: [String: JSONValue]

    package init(
        type: String, output: [NameValue] = [], input: [NameValue]? = nil, id: JSONValue? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.output = output
        self.input = input
        self.id = id
        self.extra = extra
    }

    /// The value of the output named `name`.
    package func output(_ name: String) -> JSONValue? {
        output.first(where: { $0.name == name })?.value
    }

    /// The `prompt` output, or the `message` output for message-style callbacks.
    package var prompt: String? {
        output("prompt")?.stringValue ?? output("message")?.stringValue
    }

    /// True when the callback carries inputs a client writes.
    package var hasInputs: Bool { !(input ?? []).isEmpty }

    /// Sets the input named exactly `name`. Returns false when there is no such input.
    @discardableResult
    package mutating func setInput(_ name: String, to value: JSONValue) -> Bool {
        guard var inputs = input, let index = inputs.firstIndex(where: { $0.name == name }) else { return false }
        inputs[index].value = value
        input = inputs
        return true
    }

    /// The input whose name ends with `suffix` after the `IDToken<N>` prefix (`""` is the bare `IDToken<N>`).
    package func inputName(suffix: String) -> String? {
        (input ?? []).first(where: { Self.suffix(of: $0.name) == suffix })?.name
    }

    /// `IDToken2validateOnly` → `validateOnly`; `IDToken1` → `""`; a name not in that form is its own suffix.
    package static func suffix(of inputName: String) -> String {
        guard inputName.utf8.starts(with: "IDToken".utf8) else { return inputName }
        // Bytes: AM numbers its inputs with ASCII digits, and this runs for every input of every step.
        let rest = inputName.utf8.dropFirst(7).drop(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        return String(Substring(rest))
    }
}

extension NameValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var name = ""
        var value = JSONValue.null
        var extra: [String: JSONValue] = [:]
        for key in container.allKeys {
            switch key.stringValue {
            case "name": name = try container.decode(String.self, forKey: key)
            case "value": value = try container.decode(JSONValue.self, forKey: key)
            default: extra[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }
        self.name = name
        self.value = value
        self.extra = extra
    }

    package func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }

    package var json: JSONValue {
        var object = extra
        object.reserveCapacity(extra.count + 2)
        object["name"] = .string(name)
        object["value"] = value
        return .object(object)
    }
}

extension AMCallback {
    /// Reads a callback from its JSON object. Returns `nil` when it has no string `type`.
    package init?(json: JSONValue) {
        guard case .object(let object) = json, let type = object["type"]?.stringValue else {
            return nil
        }
        self.type = type
        self.output = Self.pairs(object["output"]) ?? []
        self.input = Self.pairs(object["input"])
        self.id = object["_id"]
        self.extra = object.members(otherThan: ["type", "output", "input", "_id"])
    }

    private static func pairs(_ value: JSONValue?) -> [NameValue]? {
        guard let items = value?.arrayValue else { return nil }
        return items.map { item in
            let object = item.objectValue ?? [:]
            var pair = NameValue(name: object["name"]?.stringValue ?? "", value: object["value"] ?? .null)
            pair.extra = object.members(otherThan: ["name", "value"])
            return pair
        }
    }

    /// The callback as JSON, ready to be echoed.
    package var json: JSONValue {
        var object = extra
        object.reserveCapacity(extra.count + 4)
        object["type"] = .string(type)
        object["output"] = .array(output.map(\.json))
        if let input { object["input"] = .array(input.map(\.json)) }
        if let id { object["_id"] = id }
        return .object(object)
    }
}

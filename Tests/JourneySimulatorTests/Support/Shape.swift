import JourneyCore

/// The wire shape of a callback: type, output names with value kinds, input names with value kinds, `_id` presence.
struct CallbackShape: Equatable, CustomStringConvertible {
    var type: String
    var outputs: [String]
    var inputs: [String]
    var hasId: Bool

    init(_ callback: JSONValue, ignoringIds: Bool = false) {
        type = callback["type"]?.stringValue ?? "?"
        outputs = (callback["output"]?.arrayValue ?? []).map {
            "\($0["name"]?.stringValue ?? "?"):\(Self.kind($0["value"]))"
        }
        inputs = (callback["input"]?.arrayValue ?? []).map {
            "\($0["name"]?.stringValue ?? "?"):\(Self.kind($0["value"]))"
        }
        hasId = ignoringIds ? false : callback["_id"] != nil
    }

    static func kind(_ value: JSONValue?) -> String {
        switch value {
        case nil: "missing"
        case .null: "null"
        case .bool: "bool"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        "\(type) out[\(outputs.joined(separator: ","))] in[\(inputs.joined(separator: ","))] id=\(hasId)"
    }

    /// Shapes of a step's callbacks.
    static func of(_ step: JSONValue, ignoringIds: Bool = false) -> [CallbackShape] {
        (step["callbacks"]?.arrayValue ?? []).map { CallbackShape($0, ignoringIds: ignoringIds) }
    }
}

/// The top-level keys of a body with the kind of each value.
func keyKinds(_ body: JSONValue) -> [String: String] {
    (body.objectValue ?? [:]).mapValues { CallbackShape.kind($0) }
}

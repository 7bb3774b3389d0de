/// Writes declarations as JSON Schema (draft 2020-12). The value is a `JSONValue`, so the text
/// (`JSONWriter.pretty`) has sorted keys and is the same on every platform.
package enum JSONSchemaWriter {
    /// A whole schema document: `root` is the top-level mapping, `definitions` go under `$defs`
    /// (each a declared value or, for what declarations cannot say, a hand-written schema).
    package static func document(
        id: String, title: String, root: MappingDeclaration, definitions: [String: JSONValue]
    ) -> JSONValue {
        var members = objectMembers(schema(root))
        members["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        members["$id"] = .string(id)
        members["title"] = .string(title)
        if !definitions.isEmpty { members["$defs"] = .object(definitions) }
        return .object(members)
    }

    /// The schema of a mapping: an object with only the declared properties.
    package static func schema(_ mapping: MappingDeclaration) -> JSONValue {
        var members: [String: JSONValue] = [
            "type": mapping.allowsNull ? .array([.string("object"), .string("null")]) : .string("object"),
            "additionalProperties": mapping.otherKeys.map(schema) ?? .bool(false),
        ]
        if !mapping.doc.isEmpty { members["description"] = .string(mapping.doc) }
        if !mapping.keys.isEmpty {
            members["properties"] = .object(
                Dictionary(mapping.keys.map { ($0.name, property($0)) }, uniquingKeysWith: { first, _ in first }))
        }
        if !mapping.requiredNames.isEmpty { members["required"] = .array(mapping.requiredNames.map(JSONValue.string)) }
        if !mapping.requiresOneOf.isEmpty {
            members["anyOf"] = .array(mapping.requiresOneOf.map { .object(["required": .array([.string($0)])]) })
        }
        for (keyword, rule) in mapping.rules {
            precondition(members[keyword] == nil, "\(mapping.context): rule \(keyword) overrides a declared keyword")
            members[keyword] = rule
        }
        return .object(members)
    }

    /// The schema of one key: its value's, described by its doc and default.
    package static func property(_ key: KeyDeclaration) -> JSONValue {
        var members = objectMembers(schema(key.value))
        let description = key.docWithDefault
        // A mapping's own doc stays when the key says nothing more.
        if !description.isEmpty { members["description"] = .string(description) }
        return .object(members)
    }

    /// The schema of a value.
    package static func schema(_ value: ValueDeclaration) -> JSONValue {
        switch value {
        case .string(let rule):
            var members: [String: JSONValue] = ["type": .string("string")]
            if let minLength = rule.minLength { members["minLength"] = .int(minLength) }
            if let maxLength = rule.maxLength { members["maxLength"] = .int(maxLength) }
            if let pattern = rule.pattern { members["pattern"] = .string(pattern) }
            return .object(members)
        case .strings(let names):
            return .object(["enum": .array(names.map(JSONValue.string))])
        case .constant(let constant):
            return .object(["const": constant])
        case .integer(let range):
            return .object([
                "type": .string("integer"), "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound),
            ])
        case .number(let range):
            var members: [String: JSONValue] = ["type": .string("number")]
            if let range {
                members["minimum"] = .double(range.lowerBound)
                members["maximum"] = .double(range.upperBound)
            }
            return .object(members)
        case .bool:
            return .object(["type": .string("boolean")])
        case .scalar:
            return .object(["type": .array([.string("string"), .string("number"), .string("boolean")])])
        case .textOrNumber:
            return .object(["type": .array([.string("string"), .string("number")])])
        case .null:
            return .object(["type": .string("null")])
        case .seconds(let maximum):
            return .object([
                "anyOf": .array([
                    .object([
                        "type": .string("number"), "exclusiveMinimum": .int(0), "maximum": .double(maximum),
                    ]),
                    .object(["type": .string("string"), "pattern": .string(durationPattern)]),
                ])
            ])
        case .list(let item, let rule):
            var members: [String: JSONValue] = ["type": .string("array"), "items": schema(item)]
            if let minItems = rule.minItems { members["minItems"] = .int(minItems) }
            if rule.unique { members["uniqueItems"] = .bool(true) }
            return .object(members)
        case .mapping(let mapping):
            return schema(mapping)
        case .map(let item, let names):
            var members: [String: JSONValue] = ["type": .string("object"), "additionalProperties": schema(item)]
            if let names { members["propertyNames"] = .object(["pattern": .string(names)]) }
            return .object(members)
        case .oneOf(let alternatives):
            return .object(["oneOf": .array(alternatives.map(schema))])
        case .anyOf(let alternatives):
            return .object(["anyOf": .array(alternatives.map(schema))])
        case .json:
            return .object([:])
        case .object:
            return .object(["type": .string("object")])
        case .defined(let name):
            return .object(["$ref": .string("#/$defs/\(name)")])
        }
    }

    /// The schema of a value described by `doc` (a `$defs` entry that is not a mapping).
    package static func schema(_ value: ValueDeclaration, doc: String) -> JSONValue {
        var members = objectMembers(schema(value))
        if !doc.isEmpty { members["description"] = .string(doc) }
        return .object(members)
    }

    /// A duration's text as `DurationText` reads it: a number and an optional unit.
    static let durationPattern = #"^\s*[0-9]+(\.[0-9]+)?\s*(ms|s|m|h)?\s*$"#

    private static func objectMembers(_ value: JSONValue) -> [String: JSONValue] {
        value.objectValue ?? [:]
    }
}

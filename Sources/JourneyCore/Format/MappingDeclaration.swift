/// A mapping of a format whose keys are declared: a parser checks a file's mapping against it
/// (`YMapping.allowOnly(_:)`: unknown keys with a did-you-mean), the schema writer writes it as
/// an object without other properties, and the table writer as a docs table.
package struct MappingDeclaration: Sendable {
    /// How messages name the mapping: "settings", "a user".
    package var context: String
    /// One line for the schema's description; may be empty.
    package var doc: String
    package var keys: [KeyDeclaration]
    /// The mapping may be written as null (`credentials:` with nothing after it).
    package var allowsNull: Bool
    /// At least one of these keys must be present (none: no such rule).
    package var requiresOneOf: [String]
    /// The value of keys not declared, when the mapping takes them (handlers by callback type,
    /// custom types included); nil: a key not declared is an error.
    package var otherKeys: ValueDeclaration?
    /// Rules between keys the declarations cannot say (which key needs or excludes which), as
    /// JSON Schema keywords added to the mapping's schema. The parser checks them in code, with
    /// its own messages; these keep an editor as strict.
    package var rules: [String: JSONValue]

    package init(
        _ context: String, doc: String = "", allowsNull: Bool = false, requiresOneOf: [String] = [],
        otherKeys: ValueDeclaration? = nil, rules: [String: JSONValue] = [:], keys: [KeyDeclaration]
    ) {
        self.context = context
        self.doc = doc
        self.keys = keys
        self.allowsNull = allowsNull
        self.requiresOneOf = requiresOneOf
        self.otherKeys = otherKeys
        self.rules = rules
    }

    /// The key names, in declaration order.
    package var names: [String] { keys.map(\.name) }

    /// The names of the keys that must be present.
    package var requiredNames: [String] { keys.filter(\.isRequired).map(\.name) }

    /// The declaration of `name`, if the mapping has that key.
    package subscript(name: String) -> KeyDeclaration? {
        keys.first { $0.name == name }
    }
}

extension YMapping {
    /// Reports every key `declaration` does not declare, with a "did you mean" for near misses.
    package func allowOnly(_ declaration: MappingDeclaration) {
        allowOnly(declaration.names, in: declaration.context)
    }

    /// The same, naming the mapping as `context` says (`capture.otp`, `handlers[2]`).
    package func allowOnly(_ declaration: MappingDeclaration, in context: String) {
        allowOnly(declaration.names, in: context)
    }
}

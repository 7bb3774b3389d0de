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

    package init(
        _ context: String, doc: String = "", allowsNull: Bool = false, requiresOneOf: [String] = [],
        keys: [KeyDeclaration]
    ) {
        self.context = context
        self.doc = doc
        self.keys = keys
        self.allowsNull = allowsNull
        self.requiresOneOf = requiresOneOf
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
}

import JourneyCore

/// The keys of one mapping of the script format, each written once, as a case named as the key
/// (`ScriptKeys.Limits.maxSteps` is `maxSteps`). The mapping's declaration and its loader both
/// name a key through its case, so the name is written once and a misspelt one does not
/// compile; the unknown-key check and its did-you-mean read the names from the declaration.
protocol ScriptKeyName: RawRepresentable<String>, Sendable {}

extension KeyDeclaration {
    /// A key that must be present.
    static func required(_ key: some ScriptKeyName, _ value: ValueDeclaration, _ doc: String = "") -> KeyDeclaration {
        .required(key.rawValue, value, doc)
    }

    /// A key that may be left out; `default` is what holds then.
    static func optional(
        _ key: some ScriptKeyName, _ value: ValueDeclaration, default defaultText: String? = nil, _ doc: String = ""
    ) -> KeyDeclaration {
        .optional(key.rawValue, value, default: defaultText, doc)
    }
}

extension YMapping {
    /// The value of `key`, if the mapping has it.
    subscript(key: some ScriptKeyName) -> YNode? { self[key.rawValue] }

    /// The entry of `key`, if the mapping has it.
    func entry(_ key: some ScriptKeyName) -> Entry? { entry(key.rawValue) }

    /// The mapping under `key`, if it is one: a value of another kind is left for that key's
    /// reader to report.
    func nestedMapping(_ key: some ScriptKeyName) -> YMapping? {
        self[key].flatMap { $0.isMapping ? $0.mapping() : nil }
    }
}

extension ScriptLoadContext {
    /// The value of a required key, named through its declaration.
    func required(_ key: some ScriptKeyName, in mapping: YMapping, _ context: String, accepted: [String]) -> YNode? {
        required(key.rawValue, in: mapping, context, accepted: accepted)
    }

    /// Whether some key of `mapping` outside `accepted` looks like a typo of `key`.
    func isMisspelled(_ key: some ScriptKeyName, in mapping: YMapping, accepted: [String]) -> Bool {
        isMisspelled(key.rawValue, in: mapping, accepted: accepted)
    }
}

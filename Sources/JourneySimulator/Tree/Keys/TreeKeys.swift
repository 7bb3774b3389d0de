import JourneyCore

/// Every key of a simulator tree file, declared once (name, value, range, default, one line of doc).
/// The parser checks a file's mappings against these declarations (unknown keys, did-you-mean,
/// ranges), `TreeSchema` writes schemas/simulator.schema.json from them and the key tables of
/// docs/simulator.md. Adding an optional key: its declaration here, its effect in the parser and
/// the engine, its paragraph in the docs, then `scripts/generate-format`.
enum TreeKeys {
    static let file = MappingDeclaration(
        "a simulator tree file",
        doc:
            "A simulator tree: settings, users, journeys (graphs of nodes) and protected resources. `kind: simulator`, `version: 1`.",
        requiresOneOf: ["journeys", "mobilefirst", "rakuten"],
        keys: [
            .required("kind", .constant("simulator"), "Trees say `kind: simulator`; scripts have no kind."),
            .required("version", .constant(1), "The format's version."),
            .optional("description", .string()),
            .optional("settings", .mapping(settings), "Cookie names, realms, lifetimes and quirks of the server."),
            .optional("users", .list(.mapping(user)), "The users the journeys know."),
            .optional(
                "journeys", .map(.mapping(journey), names: "^[^/:]+$"),
                "Journeys by name (needed unless the tree is MobileFirst or Rakuten only)."),
            .optional("resources", .list(.mapping(resource)), "Protected resources outside /am."),
            .optional("mobilefirst", .mapping(mobileFirst)),
            .optional("oauth", .mapping(oauth)),
            .optional("rakuten", .mapping(rakuten)),
        ])

    /// The values declared once under `$defs` and referred to by name.
    static let definitions: [String: ValueDeclaration] = [
        "stringOrList": .oneOf([.string(), .list(.string())]),
        "nonEmptyList": .oneOf([.string(), .list(.string(), ListRule(minItems: 1, unique: true))]),
    ]
}

import JourneyCore

/// schemas/simulator.schema.json and the key tables of docs/simulator.md, written from
/// `TreeKeys`. `TreeFormatGenerationTests` compares them with the checked-in files;
/// `scripts/generate-format` rewrites those.
enum TreeSchema {
    static let id = "https://journey.dev/schemas/simulator.schema.json"
    static let title = "journey simulator tree file"

    /// The `$defs` still written by hand, in schemas/fragments/simulator-defs.json: node kinds,
    /// their callbacks, conditions and faults (docs/decisions.md, "One declaration per format key").
    static let handWrittenDefinitions = ["callback", "condition", "fault", "node"]

    /// The schema's text, ending with a newline. `handWritten` is the fragment's object of schemas by name.
    static func text(handWritten: [String: JSONValue]) -> String {
        var definitions = handWritten
        for (name, value) in TreeKeys.definitions { definitions[name] = JSONSchemaWriter.schema(value) }
        let document = JSONSchemaWriter.document(
            id: id, title: title, root: TreeKeys.file, definitions: definitions)
        return JSONWriter.pretty(document) + "\n"
    }

    /// The docs' generated sections by name: `<!-- generated: tree keys NAME -->`.
    static var docsSections: [String: String] {
        let tables: [(String, MappingDeclaration, String)] = [
            ("tree keys file", TreeKeys.file, "key"),
            ("tree keys settings", TreeKeys.settings, "key"),
            ("tree keys quirks", TreeKeys.quirks, "quirk"),
            ("tree keys users", TreeKeys.user, "key"),
            ("tree keys journeys", TreeKeys.journey, "key"),
            ("tree keys resources", TreeKeys.resource, "key"),
            ("tree keys mobilefirst", TreeKeys.mobileFirst, "key"),
            ("tree keys mobilefirst security check", TreeKeys.securityCheck, "key"),
            ("tree keys mobilefirst adapter", TreeKeys.adapter, "key"),
            ("tree keys mobilefirst fault", TreeKeys.mobileFirstFault, "key"),
            ("tree keys mobilefirst confidential client", TreeKeys.confidentialClient, "key"),
            ("tree keys oauth", TreeKeys.oauth, "key"),
            ("tree keys oauth key", TreeKeys.oauthKey, "key"),
            ("tree keys oauth lifetimes", TreeKeys.oauthLifetimes, "key"),
            ("tree keys oauth client", TreeKeys.oauthClient, "key"),
            ("tree keys rakuten", TreeKeys.rakuten, "key"),
            ("tree keys rakuten client", TreeKeys.rakutenClient, "key"),
            ("tree keys rakuten user", TreeKeys.rakutenUser, "key"),
            ("tree keys rakuten challenger", TreeKeys.challenger, "key"),
            ("tree keys rakuten pow", TreeKeys.rakutenPow, "key"),
        ]
        var sections: [String: String] = [:]
        for (name, mapping, header) in tables {
            sections[name] = KeyTableWriter.table(mapping, keyHeader: header, definitions: TreeKeys.definitions)
        }
        return sections
    }
}

import JourneyCore

/// schemas/journey.schema.json and the key tables of docs/format.md, written from `ScriptKeys`.
/// `ScriptFormatGenerationTests` compares them with the checked-in files; `scripts/generate-format`
/// rewrites those.
enum ScriptSchema {
    static let id = "urn:journey:schema:journey:1"
    static let title = "journey script"

    /// The `$defs` still written by hand, in schemas/fragments/journey-defs.json: `valueSpec`, a
    /// literal or a value source, told apart by which keys a mapping holds (docs/decisions.md,
    /// "One declaration per format key").
    static let handWrittenDefinitions = ["valueSpec"]

    /// The schema's text, ending with a newline. `handWritten` is the fragment's object of schemas by name.
    static func text(handWritten: [String: JSONValue]) -> String {
        var definitions = handWritten
        for (name, value) in ScriptKeys.definitions {
            definitions[name] = JSONSchemaWriter.schema(value, doc: ScriptKeys.definitionDocs[name] ?? "")
        }
        let document = JSONSchemaWriter.document(
            id: id, title: title, root: ScriptKeys.file, definitions: definitions)
        return JSONWriter.pretty(document) + "\n"
    }

    /// The docs' generated sections by name: `<!-- generated: script keys NAME -->`. The tables of
    /// answer options, capture, expect, request, oauth, MobileFirst and Rakuten are still written
    /// in the docs (docs/decisions.md, "One declaration per format key").
    static var docsSections: [String: String] {
        let tables: [(String, MappingDeclaration, String)] = [
            ("script keys file", ScriptKeys.file, "key"),
            ("script keys server", ScriptKeys.server, "key"),
            ("script keys start", ScriptKeys.start, "key"),
            ("script keys zeroPage", ScriptKeys.zeroPage, "`zeroPage` key"),
            ("script keys match", ScriptKeys.match, "key"),
            ("script keys cleanup", ScriptKeys.cleanup, "key"),
            ("script keys client", ScriptKeys.client, "key"),
            ("script keys limits", ScriptKeys.limits, "key"),
        ]
        var sections: [String: String] = [:]
        for (name, mapping, header) in tables {
            sections[name] = KeyTableWriter.table(mapping, keyHeader: header, definitions: tableDefinitions)
        }
        return sections
    }

    /// How the docs' tables name shared values: templates, patterns and values by those names
    /// (the docs say what they are), mappings as "mapping".
    static let tableDefinitions: [String: ValueDeclaration] = {
        var definitions = ScriptKeys.definitions
        definitions["template"] = nil
        definitions["pattern"] = nil
        definitions["value"] = nil
        definitions["callbackType"] = .defined("callback type")
        definitions["valueSpec"] = .defined("value")
        return definitions
    }()
}

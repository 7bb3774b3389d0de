import JourneyCore
import Testing

/// The declaration vocabulary's two writers: JSON Schema and docs tables.
@Suite struct KeyDeclarationWritersTests {
    static let sample = MappingDeclaration(
        "a sample", doc: "A sample mapping.", requiresOneOf: ["a", "b"],
        keys: [
            .required("name", .string(.nonEmpty), "Its name."),
            .optional("count", .integer(1...10), default: "3", "How many."),
            .optional("mode", .strings(["fast", "slow"])),
            .optional("tags", .list(.string(), ListRule(minItems: 1, unique: true)), "Tags | labels."),
        ])

    @Test func aMappingIsAClosedObjectWithItsRequiredKeys() {
        let schema = JSONSchemaWriter.schema(Self.sample)
        #expect(schema["additionalProperties"] == .bool(false))
        #expect(schema["required"] == .array([.string("name")]))
        #expect(schema["description"] == .string("A sample mapping."))
        #expect(schema["anyOf"]?.arrayValue?.count == 2)
        let count = schema["properties"]?["count"]
        #expect(count?["minimum"] == .int(1))
        #expect(count?["maximum"] == .int(10))
        #expect(count?["description"] == .string("How many (default 3)."))
        #expect(schema["properties"]?["mode"]?["enum"] == .array([.string("fast"), .string("slow")]))
        #expect(schema["properties"]?["tags"]?["uniqueItems"] == .bool(true))
    }

    @Test func aNullableMappingAllowsNull() {
        let mapping = MappingDeclaration("x", allowsNull: true, keys: [])
        #expect(JSONSchemaWriter.schema(mapping)["type"] == .array([.string("object"), .string("null")]))
    }

    @Test func aTableHasARowPerKeyWithPipesEscaped() {
        let table = KeyTableWriter.table(Self.sample)
        let lines = table.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[2] == "| `name` | non-empty string | required | Its name. |")
        #expect(lines[3] == "| `count` | integer 1–10 | 3 | How many. |")
        #expect(lines[5] == "| `tags` | list of string |  | Tags \\| labels. |")
    }

    @Test func generatedSectionsAreReplacedBetweenTheirMarkers() throws {
        let text = "intro\n<!-- generated: t -->\nold\n<!-- end generated -->\nrest"
        let replaced = try KeyTableWriter.replacingGeneratedSections(in: text, with: ["t": "new\n"])
        #expect(replaced == "intro\n<!-- generated: t -->\nnew\n<!-- end generated -->\nrest")
        #expect(throws: GeneratedSectionError.missing("u")) {
            try KeyTableWriter.replacingGeneratedSections(in: text, with: ["t": "", "u": ""])
        }
        #expect(throws: GeneratedSectionError.unended("t")) {
            try KeyTableWriter.replacingGeneratedSections(in: "<!-- generated: t -->\nold", with: ["t": ""])
        }
    }
}

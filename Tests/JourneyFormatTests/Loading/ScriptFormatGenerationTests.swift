import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// schemas/journey.schema.json and the key tables of docs/format.md are written from the script's
/// key declarations (`ScriptKeys`); these tests write them in memory and fail when the checked-in
/// files differ. Regenerate with `scripts/generate-format` (it runs these tests with
/// `JOURNEY_REGENERATE=1`, which makes them write the files instead of comparing).
@Suite("Script format: schema and docs come from the key declarations")
struct ScriptFormatGenerationTests {
    @Test("schemas/journey.schema.json is what the declarations write")
    func schemaIsGenerated() throws {
        let fragment = try JSONValue.parse(
            Data(contentsOf: Repository.root.appendingPathComponent("schemas/fragments/journey-defs.json")))
        let handWritten = try #require(fragment.objectValue, "the fragment is a JSON object of schemas by name")
        #expect(
            handWritten.keys.sorted() == ScriptSchema.handWrittenDefinitions,
            "schemas/fragments/journey-defs.json holds exactly ScriptSchema.handWrittenDefinitions")
        #expect(
            Set(handWritten.keys).isDisjoint(with: ScriptKeys.definitions.keys),
            "a definition is both declared and hand-written")
        try Self.compare(ScriptSchema.text(handWritten: handWritten), "schemas/journey.schema.json")
    }

    @Test("the key tables of docs/format.md are what the declarations write")
    func docsTablesAreGenerated() throws {
        let url = Repository.root.appendingPathComponent("docs/format.md")
        let current = try String(contentsOf: url, encoding: .utf8)
        let text = try KeyTableWriter.replacingGeneratedSections(in: current, with: ScriptSchema.docsSections)
        try Self.compare(text, "docs/format.md")
    }

    @Test("every declared mapping names each key once, and every $defs name it refers to exists")
    func declarationsAreWellFormed() {
        var seen: Set<String> = []
        var referred: Set<String> = []
        func visit(_ mapping: MappingDeclaration) {
            guard seen.insert(mapping.context).inserted else { return }
            #expect(Set(mapping.names).count == mapping.names.count, "\(mapping.context) declares a key twice")
            for key in mapping.keys { visit(key.value) }
            mapping.otherKeys.map(visit)
        }
        func visit(_ value: ValueDeclaration) {
            switch value {
            case .mapping(let mapping): visit(mapping)
            case .list(let item, _), .map(let item, _): visit(item)
            case .oneOf(let items), .anyOf(let items): items.forEach(visit)
            case .defined(let name): referred.insert(name)
            default: break
            }
        }
        for mapping in ScriptKeys.mappings.values { visit(mapping) }
        for value in ScriptKeys.definitions.values { visit(value) }
        let known = Set(ScriptKeys.definitions.keys).union(ScriptSchema.handWrittenDefinitions)
        #expect(referred.subtracting(known).isEmpty, "undefined $defs: \(referred.subtracting(known).sorted())")
        #expect(seen.count > 35, "the walk reached \(seen.count) mappings")
    }

    @Test("the declared outcomes are the model's")
    func outcomesAreTheModel() {
        #expect(ScriptKeys.outcome.names == OutcomeExpectation.names)
    }

    static func compare(_ text: String, _ relative: String) throws {
        if let difference = try GeneratedFile.difference(text, relative, source: "the script key declarations") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneySimulator

/// schemas/simulator.schema.json and the key tables of docs/simulator.md are written from the
/// tree's key declarations (`TreeKeys`); these tests write them in memory and fail when the
/// checked-in files differ. Regenerate with `scripts/generate-format` (it runs these tests with
/// `JOURNEY_REGENERATE=1`, which makes them write the files instead of comparing).
@Suite("Tree format: schema and docs come from the key declarations")
struct TreeFormatGenerationTests {
    @Test("schemas/simulator.schema.json is what the declarations write")
    func schemaIsGenerated() throws {
        let fragment = try JSONValue.parse(
            Data(contentsOf: Repository.root.appendingPathComponent("schemas/fragments/simulator-defs.json")))
        let handWritten = try #require(fragment.objectValue, "the fragment is a JSON object of schemas by name")
        #expect(
            handWritten.keys.sorted() == TreeSchema.handWrittenDefinitions,
            "schemas/fragments/simulator-defs.json holds exactly TreeSchema.handWrittenDefinitions")
        #expect(
            Set(handWritten.keys).isDisjoint(with: TreeKeys.definitions.keys),
            "a definition is both declared and hand-written")
        let text = TreeSchema.text(handWritten: handWritten)
        try Self.compare(text, "schemas/simulator.schema.json")
    }

    @Test("the key tables of docs/simulator.md are what the declarations write")
    func docsTablesAreGenerated() throws {
        let url = Repository.root.appendingPathComponent("docs/simulator.md")
        let current = try String(contentsOf: url, encoding: .utf8)
        let text = try KeyTableWriter.replacingGeneratedSections(in: current, with: TreeSchema.docsSections)
        try Self.compare(text, "docs/simulator.md")
    }

    @Test("every declared mapping names each key once")
    func keysAreUnique() {
        var seen: Set<String> = []
        func visit(_ mapping: MappingDeclaration) {
            guard seen.insert(mapping.context).inserted else { return }
            #expect(Set(mapping.names).count == mapping.names.count, "\(mapping.context) declares a key twice")
            for key in mapping.keys { visit(key.value) }
        }
        func visit(_ value: ValueDeclaration) {
            switch value {
            case .mapping(let mapping): visit(mapping)
            case .list(let item, _), .map(let item, _): visit(item)
            case .oneOf(let items), .anyOf(let items): items.forEach(visit)
            default: break
            }
        }
        visit(TreeKeys.file)
        #expect(seen.count > 15, "the walk reached \(seen.count) mappings")
    }

    /// Writes `text` to `relative` when regenerating, else expects the file to hold it.
    static func compare(_ text: String, _ relative: String) throws {
        if let difference = try GeneratedFile.difference(text, relative, source: "the tree key declarations") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// The schema and the loader describe the same format.
@Suite struct SchemaTests {
    static let root = LoaderTestSupport.repositoryRoot

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("schemas/journey.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The YAML files directly inside a folder of the repository, sorted.
    static func yamlFiles(in folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { url.appendingPathComponent($0).path }
    }

    @Test func everyExampleScriptValidatesAgainstTheSchema() async throws {
        let files = Self.yamlFiles(in: "journeys")
        guard !files.isEmpty else { return }  // no examples yet
        if let reason = await PythonSchemaValidator.unavailableReason() {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let result = try await PythonSchemaValidator.validate(files)
        #expect(result.exitCode == 0, "schema validation failed:\n\(result.output)")
    }

    @Test func loaderKeysAndSchemaPropertiesAreTheSameSets() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        for (name, keys) in ScriptLoader.acceptedKeys.sorted(by: { $0.key < $1.key }) {
            let definition = name == "<root>" ? schema : definitions[name] as? [String: Any]
            let properties = try #require(
                definition.flatMap { Self.properties(of: $0) }, "the schema has no $defs/\(name) with properties")
            #expect(Set(properties) == Set(keys), "\(name): schema \(properties.sorted()) vs loader \(keys.sorted())")
        }
        let schemaMappings = definitions.filter { Self.properties(of: $0.value as? [String: Any] ?? [:]) != nil }.keys
        for name in schemaMappings {
            #expect(ScriptLoader.acceptedKeys[name] != nil, "$defs/\(name) has properties the loader does not list")
        }
    }

    @Test func schemaEnumsMatchTheModel() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        func node(_ path: [String]) -> Any? {
            var node: Any? = definitions
            for key in path {
                if let index = Int(key) {
                    node = (node as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
                } else {
                    node = (node as? [String: Any])?[key]
                }
            }
            return node
        }
        func enumeration(_ path: [String]) -> [String]? {
            (node(path) as? [String: Any])?["enum"] as? [String]
        }
        #expect(
            enumeration(["callbackType", "anyOf", "0"]) == KnownCallbackTypes.all + KnownCallbackTypes.derived,
            "add new callback types to $defs/callbackType in schemas/journey.schema.json")
        #expect(enumeration(["outcome", "anyOf", "0"]) == OutcomeExpectation.names)
        #expect(enumeration(["value", "properties", "generate"]) == Generator.allCases.map(\.rawValue))
        #expect(enumeration(["capture", "properties", "from"]) == ScriptKeys.captureSources)
        #expect(enumeration(["answer", "properties", "tokenType"]) == ScriptKeys.tokenTypes)
        #expect(
            enumeration(["answer", "properties", "profile", "anyOf", "1"])
                == DeviceProfileShape.allCases.map(\.rawValue))
        #expect(enumeration(["outbox", "properties", "field"]) == ScriptKeys.outboxFields)
        // The literal-object branch of valueSpec excludes what the loader reads as a source.
        let sourceAsData = ["valueSpec", "anyOf", "2", "not", "anyOf", "4"]
        #expect(
            enumeration(sourceAsData + ["propertyNames"]) == ScriptKeys.valueSource.names,
            "a mapping of source keys only, in schemas/fragments/journey-defs.json")
        let markingKeys = (node(sourceAsData + ["anyOf"]) as? [[String: Any]])?.compactMap {
            ($0["required"] as? [String])?.first
        }
        #expect(markingKeys == ScriptKeys.sourceMarkingKeys)
        let protocols = ((schema["properties"] as? [String: Any])?["protocol"] as? [String: Any])?["enum"] as? [String]
        #expect(protocols == ProtocolKind.allCases.map(\.rawValue))
    }

    @Test func invalidFixturesAreRejectedByTheLoaderAndTheSchema() async throws {
        let files = Self.yamlFiles(in: "Tests/Fixtures/invalid")
        #expect(files.count >= 6)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let errors = ScriptLoader.lint(text: text, file: file).diagnostics.filter { $0.severity == .error }
            #expect(!errors.isEmpty, "the loader accepts \(file)")
            if let expected = Self.expectedError(in: text) {
                let found = errors.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
                #expect(found.contains { $0.hasPrefix(expected) }, "\(file): expected '\(expected)', found \(found)")
            }
        }
        if let reason = await PythonSchemaValidator.unavailableReason() {
            Issue.record(Comment(rawValue: reason))
            return
        }
        for file in files {
            let result = try await PythonSchemaValidator.validate([file])
            #expect(result.exitCode == 1, "the schema accepts \(file):\n\(result.output)")
        }
    }

    /// `# expect: 4:1 unknown key 'handlrs'` in a fixture names the loader error it must produce.
    static func expectedError(in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix("# expect: ") }.map {
            String($0.dropFirst("# expect: ".count))
        }
    }

    /// A definition's property names, also for one-of-several shapes (like outcome).
    static func properties(of definition: [String: Any]) -> [String]? {
        if let properties = definition["properties"] as? [String: Any] { return Array(properties.keys) }
        for alternative in definition["anyOf"] as? [[String: Any]] ?? [] {
            if let properties = alternative["properties"] as? [String: Any] { return Array(properties.keys) }
        }
        return nil
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat

/// Every key the loader accepts is read by a loader. With
/// `SchemaTests.loaderKeysAndSchemaPropertiesAreTheSameSets` (the tables equal the schema's
/// properties) this closes the loop: a key declared in `ScriptKeys` (hence in the schema) but never read
/// (accepted by lint, ignored by the run) fails here.
///
/// The check reads the loaders' source: each key must be named in a loader other than the
/// declarations (Sources/JourneyFormat/Keys), through its declared name (`mapping[ScriptKeys.Limits.maxSteps]`,
/// `case .tokenType:` in a switch over `ScriptKeys.AnswerOption(rawValue:)`, `[ScriptKeys.Start.resume, .resumeUrl]`)
/// or, for a mapping whose keys are not declared as a `ScriptKeyName` yet, as a string literal
/// (`mapping["journey"]`). Its limit: the loaders are searched as one text, so a common key
/// (`name`, `value`, `url`) read in one mapping also counts for another that accepts it unread.
@Suite struct FormatKeyEffectTests {
    static let loadingFolder = LoaderTestSupport.repositoryRoot.appendingPathComponent(
        "Sources/JourneyFormat/Loading")

    static func loaderSources() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: loadingFolder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map {
            try String(contentsOf: loadingFolder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    @Test func theLoadersAreFound() throws {
        let sources = try Self.loaderSources()
        #expect(sources.contains("allowOnly(ScriptKeys.server"))
    }

    @Test(arguments: ScriptLoader.acceptedKeys.keys.sorted())
    func everyAcceptedKeyIsReadByALoader(mapping: String) throws {
        let sources = try Self.loaderSources()
        for key in ScriptLoader.acceptedKeys[mapping] ?? [] {
            #expect(
                Self.isRead(key, in: sources),
                "\(mapping).\(key) is accepted (ScriptKeys, schema) but no loader in Script/Loading reads it")
        }
    }

    /// Whether `key` is named in `sources`: as a string literal, or as a case of a key enum
    /// (`ScriptKeys.E.key`, `case .key`, or an element `.key` of a list or tuple of them).
    static func isRead(_ key: String, in sources: String) -> Bool {
        if sources.contains("\"\(key)\"") { return true }
        let name = NSRegularExpression.escapedPattern(for: key)
        let pattern = #"(ScriptKeys\.\w+\.|case \.|[\[,(]\s*\.)`?"# + name + #"`?\b"#
        return sources.range(of: pattern, options: .regularExpression) != nil
    }
}

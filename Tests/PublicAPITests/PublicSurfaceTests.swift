import Foundation
import JourneyTestSupport
import Testing

/// The public declarations of the umbrella (`import JourneyKit`) and of JourneySimulator, listed
/// in Tests/PublicAPITests/public-api.txt: a change to the public surface is a change to that
/// list, reviewed as such. Everything else is `package`. The other tests of this target build
/// without package access, so they use only what is listed here. Regenerate the list with
/// `JOURNEY_REGENERATE=1 swift test --filter PublicSurfaceTests`.
@Suite("The public API is listed and small")
struct PublicSurfaceTests {
    /// The modules `import JourneyKit` re-exports, then the simulator's library.
    static let modules = [
        "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneyReport", "JourneySuite",
        "JourneyKit", "JourneySimulator",
    ]
    static let listPath = "Tests/PublicAPITests/public-api.txt"
    /// Half of the 1,202 public declarations JourneyKit had before the split (issue 28).
    static let umbrellaLimit = 601

    /// `Module/File.swift: declaration`, one line per `public` or `open` declaration, sorted.
    static func surface() throws -> [String] {
        var lines: [String] = []
        let declaration = try Regex(
            #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:static|final|nonisolated|override|mutating|indirect|convenience|required|lazy)\s+)*(?:public|open)\s"#
        )
        for module in modules {
            let folder = Repository.root.appendingPathComponent("Sources/\(module)")
            for file in Repository.swiftFiles(under: "Sources/\(module)") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n", omittingEmptySubsequences: false)
                where line.contains(declaration) {
                    let signature = line.split(separator: "{", maxSplits: 1).first ?? line
                    let trimmed = signature.trimmingCharacters(in: .whitespaces)
                    lines.append("\(module)/\(file): \(trimmed)")
                }
            }
        }
        return lines.sorted()
    }

    @Test("public-api.txt lists every public declaration")
    func theListIsCurrent() throws {
        let text = try Self.surface().joined(separator: "\n") + "\n"
        let url = Repository.root.appendingPathComponent(Self.listPath)
        if ProcessInfo.processInfo.environment["JOURNEY_REGENERATE"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let listed = try String(contentsOf: url, encoding: .utf8)
        let added = Set(text.split(separator: "\n")).subtracting(listed.split(separator: "\n")).sorted()
        let removed = Set(listed.split(separator: "\n")).subtracting(text.split(separator: "\n")).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            the public API changed; review it, then regenerate \(Self.listPath) with
            JOURNEY_REGENERATE=1 swift test --filter PublicSurfaceTests
            added: \(added.joined(separator: "\n  "))
            removed: \(removed.joined(separator: "\n  "))
            """)
    }

    @Test("the umbrella declares fewer than half of the 1,202 public declarations it had")
    func theUmbrellaIsSmall() throws {
        let umbrella = try Self.surface().filter { !$0.hasPrefix("JourneySimulator/") }
        #expect(umbrella.count < Self.umbrellaLimit, "\(umbrella.count) public declarations")
        #expect(!umbrella.isEmpty)
    }
}

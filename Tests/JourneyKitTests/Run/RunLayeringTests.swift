import Foundation
import JourneyTestSupport
import Testing

/// What the compiler cannot say about the run module, checked on its sources: the session's
/// shared state is reached only from the session's own files, and the run's timeout and the
/// script's headers are applied in one place (docs/architecture.md).
@Suite struct RunLayeringTests {
    static let run = Repository.root.appendingPathComponent("Sources/JourneyRun")

    /// Files of the run module whose code (comments aside) contains `needle`, relative to it.
    static func files(containing needle: String) throws -> [String] {
        try Repository.swiftFiles(under: "Sources/JourneyRun").filter { path in
            let text = try String(contentsOf: run.appendingPathComponent(path), encoding: .utf8)
            return text.split(separator: "\n").contains { line in
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return code.contains(needle)
            }
        }
    }

    @Test func onlyTheSessionsFilesReachItsState() throws {
        let outside = try Self.files(containing: "withState").filter { !$0.hasPrefix("Run/Session/") }
        #expect(outside.isEmpty, "withState outside Run/Session: \(outside)")
    }

    @Test(arguments: ["endpoint.timeout", "endpoint.extraHeaders"])
    func theSessionAppliesWhatEveryRequestNeeds(needle: String) throws {
        let users = try Self.files(containing: needle)
        #expect(
            users.allSatisfy {
                $0 == "Run/Session/RunSession+Exchange.swift" || $0 == "Run/Session/RunSession+Setup.swift"
            },
            "\(needle) used outside the session's send and setup: \(users)")
    }
}

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

    /// What every phase shares; what one phase hands another (the AM session, tokens, the
    /// provider's endpoints and keys) is a `PhaseHandoff`, never a field here. A new field is
    /// added to this list only when every phase truly shares it.
    static let sharedState: Set<String> = [
        "endpoint", "cookies", "steps", "failures", "callbackStepCount", "transportTime", "keptBodyBytes",
        "captured", "cookieName", "diagnostics", "seed", "sideExchanges", "exchangeStep", "deviceFile",
    ]

    @Test func theSessionsStateHoldsOnlyWhatEveryPhaseShares() throws {
        let text = try String(
            contentsOf: Self.run.appendingPathComponent("Run/Session/SessionState.swift"), encoding: .utf8)
        let body = text.components(separatedBy: "struct SessionState").last ?? ""
        let fields = body.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.first == "var", words.count > 1 else { return nil }
            return String(words[1].prefix { $0.isLetter || $0.isNumber })
        }
        #expect(!fields.isEmpty)
        #expect(Set(fields) == Self.sharedState, "SessionState holds \(fields)")
    }
}

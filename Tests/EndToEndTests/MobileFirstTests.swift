import Foundation
import JourneyTestSupport
import Testing

/// `protocol: mobilefirst` through the CLI, against the built-in simulator's MobileFirst mode.
@Suite struct MobileFirstEndToEndTests {
    static let examples = [
        "journeys/mobilefirst-captcha.yaml", "journeys/mobilefirst-captcha-blocked.yaml",
        "journeys/mobilefirst-pin.yaml",
        "journeys/mobilefirst-pin-wrong.yaml", "journeys/mobilefirst-conflict-reregister.yaml",
    ]

    /// A script next to a copy of nothing: it names the example tree by absolute path.
    static func script(_ body: String) throws -> String {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/mobilefirst.yaml").path
        return try TemporaryFiles.file("mfp.yaml", body.replacingOccurrences(of: "TREE", with: tree))
    }

    @Test func theExamplesPassAndNoSecretReachesTheOutput() async throws {
        let output = try await CLI.run(["run"] + Self.examples + ["--format", "human", "--seed", "1"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(
            output)
        #expect(!output.stdout.contains("← 1234") && !output.stdout.contains("\"1234\""), "the PIN reached the output")
        let json = try await CLI.run(["run", "journeys/mobilefirst-pin.yaml", "--format", "json", "--seed", "1"])
        #expect(json.status == 0)
        Golden.check(json, run: "json")
        #expect(
            !json.stdout.contains("\"1234\"") && !json.stdout.contains("\\\"1234\\\""), "the PIN reached the report")
        #expect(!json.stdout.contains("client_assertion=ey"), "a client assertion reached the report")
    }

    @Test func anUnknownChallengeNamesTheCheckAndTheScriptsHandlers() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Wrong handler
            protocol: mobilefirst
            server: { simulate: TREE }
            mobilefirst: { scope: payments }
            handlers:
              SimpleCaptcha: { answer: { solve: arithmetic } }
              PinCodeAttempt: { pin: "1234" }

            """)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func scriptErrorsNameFileLineAndColumn() async throws {
        let path = try Self.script(
            """
            version: 1
            name: Bad MobileFirst script
            protocol: mobilefirst
            server: { simulate: TREE }
            journey: Login
            mobilefirst: { scop: accounts, encoding: base65 }
            handlers:
              SimpleCaptcha: "8"
            expect: { outcome: success }

            """)
        let output = try await CLI.run(["lint", path])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output, run: "mobilefirst")
        let pingam = try Self.script(
            """
            version: 1
            name: Token outcome without MobileFirst
            journey: Login
            expect: { outcome: blocked }

            """)
        let other = try await CLI.run(["lint", pingam])
        #expect(other.status == 2)
        Golden.check(other, run: "pingam")
        let misspelt = try Self.script(
            """
            version: 1
            name: A misspelt outcome is reported once
            protocol: mobilefirst
            mobilefirst: { scope: accounts }
            expect: { outcome: tokn }

            """)
        let once = try await CLI.run(["lint", misspelt])
        let onceText = once.stdout + once.stderr
        #expect(once.status == 2)
        Golden.check(once, run: "misspelt")
        #expect(!onceText.contains("is not an outcome of a protocol"), "a second error for the same mistake")
    }

    @Test func aDifferentAnswerToAChallengeIsAReplayMismatch() async throws {
        let example = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/mobilefirst-captcha.yaml"), encoding: .utf8)
        let path = try Self.script(
            example.replacingOccurrences(of: "answer: { solve: arithmetic }", with: "answer: \"99\"")
                .replacingOccurrences(of: "trees/mobilefirst.yaml", with: "TREE"))
        let recording = CLI.packageRoot.appendingPathComponent("journeys/recordings/mobilefirst-captcha.har").path
        let output = try await CLI.run(["run", path, "--replay", recording])
        #expect(output.status == 4, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func theExamplesReplayFromTheirRecordingsWithoutTheSimulator() async throws {
        let output = try await CLI.run(["run"] + Self.examples + ["--replay", "journeys/recordings/"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }
}

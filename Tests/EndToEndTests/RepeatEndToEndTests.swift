import Foundation
import JourneyCore
import JourneyKit
import JourneyTestSupport
import Testing

/// `journey run --repeat N`: a script that meets a server fault on one attempt only is flaky.
@Suite struct RepeatEndToEndTests {
    static let script = LoginScript.expectingSuccess(name: "Login that meets a fault once", simulate: nil)

    /// Registers a 503 answer for the next start of the Login journey only (the simulator's
    /// test-control API), so the first attempt fails and the following ones pass.
    static func failNextLogin(_ root: String) async throws {
        let body = #"{"fault": {"kind": "status", "code": 503}, "match": {"journey": "Login", "times": 1}}"#
        let response = try await HTTPTransport().send(
            TransportRequest(
                method: "POST", url: root + "/__simulator/faults",
                headers: [HeaderField("Content-Type", "application/json")], body: Data(body.utf8), timeoutSeconds: 30))
        #expect(response.status == 201)
    }

    @Test func aScriptThatFailsOnceIsFlakyAndFailsTheRunUnlessAllowed() async throws {
        let child = try await SimulatorProcessTests.simulate(["journeys/trees/am.yaml"])
        defer { child.process.terminate() }
        let root = "http://127.0.0.1:\(child.port)"
        let folder = try TemporaryFiles.directory()
        let script = folder.appendingPathComponent("flaky.yaml").path
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.json").path
        let arguments = [
            "run", script, "--server", root + "/am", "--realm", "alpha", "--repeat", "3", "--report", "json=" + report,
        ]

        try await Self.failNextLogin(root)
        let failing = try await CLI.run(arguments)
        #expect(failing.status == 1, "\(failing.stdout)\n\(failing.stderr)")
        Golden.check(
            failing, run: "failing")
        let document = try JSONValue.parse(try String(contentsOfFile: report, encoding: .utf8))
        #expect(document["summary"]?["flaky"]?.intValue == 1)
        #expect(document["summary"]?["passed"]?.intValue == 0)
        #expect(document["summary"]?["exitCode"]?.intValue == 1)
        let result = try #require(document["scripts"]?.arrayValue?.first)
        #expect(result["status"]?.stringValue == "flaky")
        #expect(result["exitCode"]?.intValue == 1)
        let attempts = try #require(result["attempts"]?.arrayValue)
        #expect(attempts.map { $0["status"]?.stringValue } == ["error", "passed", "passed"])
        #expect(attempts[0]["error"]?["kind"]?.stringValue == "protocol")
        #expect(attempts[0]["error"]?["message"]?.stringValue?.contains("503") == true, "\(attempts[0])")
        #expect(attempts[1]["error"] == .null)
        // The trace kept is the failing attempt's: the 503 the reports explain.
        #expect(result["error"]?["kind"]?.stringValue == "protocol")

        try await Self.failNextLogin(root)
        let allowed = try await CLI.run(arguments + ["--allow-flaky"])
        #expect(allowed.status == 0, "\(allowed.stdout)\n\(allowed.stderr)")
        Golden.check(allowed, run: "allowed")
        let allowedDocument = try JSONValue.parse(try String(contentsOfFile: report, encoding: .utf8))
        #expect(allowedDocument["scripts"]?.arrayValue?.first?["status"]?.stringValue == "flaky")
        #expect(allowedDocument["summary"]?["exitCode"]?.intValue == 0)

        // Without a fault every attempt passes: passed, with its attempts listed.
        let steady = try await CLI.run(arguments)
        #expect(steady.status == 0, "\(steady.stdout)\n\(steady.stderr)")
        let steadyDocument = try JSONValue.parse(try String(contentsOfFile: report, encoding: .utf8))
        #expect(steadyDocument["scripts"]?.arrayValue?.first?["status"]?.stringValue == "passed")
        #expect(steadyDocument["scripts"]?.arrayValue?.first?["attempts"]?.arrayValue?.count == 3)
        #expect(steadyDocument["summary"]?["flaky"]?.intValue == 0)
    }

    /// A seeded registration draws a new username in each attempt: the same one registered twice
    /// on one simulator would fail every attempt after the first, a false flaky.
    @Test func aSeededRegistrationRepeatsWithoutCollidingWithItself() async throws {
        let output = try await CLI.run(
            ["run", "journeys/registration.yaml", "--seed", "42", "--repeat", "3", "--format", "json"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let document = try JSONValue.parse(output.stdout)
        let result = try #require(document["scripts"]?.arrayValue?.first)
        #expect(result["status"]?.stringValue == "passed")
        #expect(result["attempts"]?.arrayValue?.map { $0["seed"]?.stringValue } == ["42", "43", "44"])
    }

    /// A replay's attempts all carry the recording's date: the script's duration is theirs added
    /// up, not the span of those dates (which is one attempt's).
    @Test func aRepeatedReplayLastsItsAttemptsAddedUp() async throws {
        let output = try await CLI.run(
            [
                "run", "journeys/login.yaml", "--replay", "journeys/recordings/login.har", "--repeat", "5", "--format",
                "json",
            ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let result = try #require(try JSONValue.parse(output.stdout)["scripts"]?.arrayValue?.first)
        let attempts = try #require(result["attempts"]?.arrayValue)
        #expect(attempts.count == 5)
        #expect(Set(attempts.compactMap { $0["startedAt"]?.stringValue }).count == 1, "the recording's date")
        let added = attempts.compactMap { $0["duration"]?.doubleValue }.reduce(0, +)
        let duration = try #require(result["duration"]?.doubleValue)
        #expect(abs(duration - added) < 0.000_01 * 5, "\(duration) against \(added)")
    }

    /// Each one's message is in its golden transcript (`repeatOptionsAreValidated.<options>.out`).
    @Test(
        arguments: [
            ["--repeat", "0"],  // --repeat must be 1 to 1000, got 0
            ["--repeat", "1001"],  // --repeat must be 1 to 1000, got 1001
            ["--allow-flaky"],  // --allow-flaky needs --repeat N
            ["--repeat", "1", "--allow-flaky"],  // --allow-flaky needs --repeat N
            ["--repeat", "2", "--record", "out.har"],  // --record cannot be used with --repeat
        ])
    func repeatOptionsAreValidated(options: [String]) async throws {
        let output = try await CLI.run(["run", "journeys/"] + options)
        #expect(output.status == 64, "\(output.stderr)")
        Golden.check(output, run: String(options.joined(separator: " ").map { $0.isLetter || $0.isNumber ? $0 : "-" }))
    }
}

import Foundation
import Testing

/// A run passes only when nothing failed, and every output says the same: over every example
/// and every class of error, `status == passed` ⇔ (no failure and no error), in the console,
/// JSON and JUnit outputs of one run.
@Suite struct VerdictInvariantTests {
    /// The three outputs of one `journey run`.
    struct Outputs {
        var exitCode: Int32
        var console: String
        var json: [[String: Any]]
        var junit: String
    }

    static func run(_ arguments: [String]) async throws -> Outputs {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-verdict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("report.json")
        let junit = directory.appendingPathComponent("junit.xml")
        let output = try await CLI.run(
            ["run"] + arguments + ["--report", "json=\(json.path)", "--report", "junit=\(junit.path)"])
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        return Outputs(
            exitCode: output.status, console: output.stdout,
            json: document?["scripts"] as? [[String: Any]] ?? [],
            junit: try String(contentsOf: junit, encoding: .utf8))
    }

    /// Checks the invariant over every script of a run; returns the statuses by script file.
    @discardableResult
    static func checkInvariant(_ outputs: Outputs, _ context: String) -> [String: String] {
        var statuses: [String: String] = [:]
        let blocks = Self.consoleBlocks(outputs.console)
        #expect(blocks.count == outputs.json.count, "\(context): one console block per script\n\(outputs.console)")
        for script in outputs.json {
            let file = script["file"] as? String ?? "?"
            let block = blocks[file] ?? ""
            let status = script["status"] as? String ?? "?"
            statuses[file] = status
            let failures = script["failures"] as? [Any] ?? []
            let hasError = !(script["error"] is NSNull) && script["error"] != nil
            let diagnostics = (script["diagnostics"] as? [[String: Any]] ?? []).filter {
                $0["severity"] as? String == "error"
            }
            let clean = failures.isEmpty && !hasError && diagnostics.isEmpty
            #expect(
                (status == "passed") == clean, "\(context) \(file): JSON status \(status), \(failures.count) failures")
            #expect(!block.isEmpty, "\(context) \(file): no console block\n\(outputs.console)")
            let crossed = block.contains("✗") || block.contains("✘") || block.contains("! error") || block.contains("≠")
            #expect(block.contains("✔ passed") == (status == "passed"), "\(context) \(file): console verdict\n\(block)")
            #expect(crossed == (status != "passed"), "\(context) \(file): a mark without the verdict\n\(block)")
            let testCase = Self.testCase(file: file, in: outputs.junit)
            let junitFailed = testCase.contains("<failure") || testCase.contains("<error")
            #expect(junitFailed == (status != "passed"), "\(context) \(file): JUnit\n\(testCase)")
        }
        let anyFailed = statuses.values.contains { $0 != "passed" }
        #expect((outputs.exitCode == 0) == !anyFailed, "\(context): exit code \(outputs.exitCode)")
        return statuses
    }

    /// The console's blocks by script file: `▶ name  (file)` or `▶ file` opens each.
    static func consoleBlocks(_ console: String) -> [String: String] {
        var blocks: [String: String] = [:]
        for block in console.components(separatedBy: "▶ ").dropFirst() {
            let header = block.prefix { $0 != "\n" }
            var file = String(header)
            if header.hasSuffix(")"), let open = header.range(of: "  (", options: .backwards) {
                file = String(header[open.upperBound..<header.index(before: header.endIndex)])
            }
            blocks[file] = block
        }
        return blocks
    }

    /// The `<testcase …>…</testcase>` (or self-closed) element of one script.
    static func testCase(file: String, in junit: String) -> String {
        guard let start = junit.range(of: "file=\"\(file)\"") else { return "" }
        let rest = junit[start.lowerBound...]
        let end = rest.range(of: "</testcase>")?.upperBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func everyExample() async throws {
        let outputs = try await Self.run(["journeys/", "--jobs", "4"])
        let statuses = Self.checkInvariant(outputs, "examples")
        #expect(statuses.count == ExamplesTests.exampleCount)
        #expect(statuses.values.allSatisfy { $0 == "passed" })
    }

    @Test func everyReplayedExample() async throws {
        let outputs = try await Self.run(["journeys/", "--replay", "journeys/recordings/", "--jobs", "4"])
        Self.checkInvariant(outputs, "replays")
    }

    /// One script for each class of error, each run on its own, with the status it must get.
    static func errorClasses() throws -> [(name: String, arguments: [String], status: String)] {
        let login = BadInputTests.login
        return [
            ("transport", [try BadInputTests.script(login), "--server", "http://127.0.0.1:1/am"], "error"),
            ("protocol", [try BadInputTests.faulty("html")], "error"),
            ("script", [try BadInputTests.script(Self.emptyOutbox)], "failed"),
            ("configuration", [try BadInputTests.script(Self.unsetVariable)], "invalid"),
            (
                "expectation", [try BadInputTests.script(login.replacingOccurrences(of: "Ch4ng3it!", with: "wrong"))],
                "failed"
            ),
            ("unexpected step", [try Self.stepLeftOut()], "failed"),
            (
                "mismatch",
                ["journeys/login.yaml", "--replay", "journeys/recordings/login.har", "--var", "username=bob"],
                "mismatch"
            ),
            (
                "invalid", [try BadInputTests.script("version: 1\nname: Typo\njourney: Login\nhandelrs: {}\n")],
                "invalid"
            ),
        ]
    }

    @Test func everyClassOfError() async throws {
        for errorClass in try Self.errorClasses() {
            let outputs = try await Self.run(errorClass.arguments)
            let statuses = Self.checkInvariant(outputs, errorClass.name)
            #expect(Array(statuses.values) == [errorClass.status], "\(errorClass.name): \(outputs.console)")
        }
    }

    // MARK: Item 2: a ✗ is never followed by a pass

    /// MagicLink ends with a SuspendedTextOutputCallback step that `expect.steps` leaves out.
    static func stepLeftOut() throws -> String {
        try BadInputTests.script(
            """
            version: 1
            name: Suspended, one step listed
            server: { simulate: TREE, realm: alpha }
            journey: MagicLink
            handlers:
              NameCallback: demo
            expect:
              steps:
                - [NameCallback]
              outcome: suspended

            """)
    }

    @Test func aStepLeftOutOfExpectStepsFailsTheRun() async throws {
        let output = try await CLI.run(["run", try Self.stepLeftOut()])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output)
    }

    // MARK: Item 11: a value the script cannot produce is named by its line

    static let unsetVariable = """
        version: 1
        name: Unset variable
        server: { simulate: TREE }
        journey: Login
        vars:
          name: { env: JOURNEY_UNSET_VARIABLE }
        handlers:
          NameCallback: "{{ name }}"
          PasswordCallback: { value: Ch4ng3it!, secret: true }

        """

    /// A variable the script needs and nothing gives is the run's configuration, found before the
    /// first request (exit 2), not a failure halfway through the journey.
    /// A value found missing at run time, after the first request: an expectation failure at its line.
    static let emptyOutbox = """
        version: 1
        name: Empty outbox
        server: { simulate: TREE }
        journey: Login
        handlers:
          NameCallback: { outbox: { to: nobody@example.com, field: code } }
          PasswordCallback: { value: Ch4ng3it!, secret: true }

        """

    @Test func aValueTheRunCannotProduceFailsWithItsLine() async throws {
        let path = try BadInputTests.script(Self.emptyOutbox)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 1, "\(output.stdout)")
        Golden.check(output)
    }

    @Test func anUnsetEnvironmentVariableStopsTheRunBeforeItsFirstRequestWithItsLine() async throws {
        let path = try BadInputTests.script(Self.unsetVariable)
        let output = try await CLI.run(["run", path])
        #expect(output.status == 2, "\(output.stdout)")
        Golden.check(
            output)
        #expect(!output.stdout.contains("step 1"), "\(output.stdout)")
    }
}

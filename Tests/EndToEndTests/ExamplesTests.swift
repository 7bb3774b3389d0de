import Foundation
import Testing

/// The README's main command: every example in journeys/ runs green against the built-in simulator.
@Suite struct ExamplesTests {
    static var exampleCount: Int {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                atPath: CLI.packageRoot.appendingPathComponent("journeys").path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.count
    }

    @Test func everyExamplePassesAgainstTheSimulator() async throws {
        let output = try await CLI.run(["run", "journeys/", "--jobs", "4"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(Self.exampleCount >= 8)
        // Not a golden transcript: with --jobs the scripts finish in any order, and the examples
        // (a transcript of all of them) grow with every feature.
        #expect(output.stdout.contains("\(Self.exampleCount) passed, 0 failed, 0 errors"))
        #expect(!output.stdout.contains("Ch4ng3it!"), "a password reached the output")
        #expect(output.stdout.contains("«password»"))
    }

    @Test func tagsSelectScripts() async throws {
        let output = try await CLI.run(["run", "journeys/", "--tag", "smoke"])
        #expect(output.status == 0)
        Golden.check(output)
    }

    @Test func jsonFormatOnStdout() async throws {
        let output = try await CLI.run(["run", "journeys/login.yaml", "--format", "json"])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let scripts = json?["scripts"] as? [[String: Any]]
        #expect(scripts?.count == 1)
        #expect(scripts?.first?["status"] as? String == "passed")
    }

    @Test func junitReportBesideHumanOutput() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-\(UUID().uuidString)/junit.xml")
        let output = try await CLI.run([
            "run", "journeys/login.yaml", "journeys/wrong-password.yaml", "--report", "junit=\(report.path)",
        ])
        #expect(output.status == 0)
        Golden.check(output)
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<testsuites"))
        #expect(xml.contains("tests=\"2\""))
        #expect(xml.contains("failures=\"0\""))
    }

    @Test func lintAcceptsEveryExampleAndTree() async throws {
        let output = try await CLI.run(["lint", "journeys/"])
        #expect(output.status == 0, "\(output.stderr)")
        // Not a golden transcript: the count of files checked grows with every example.
        #expect(output.stdout.contains("0 errors, 0 warnings"), "\(output.stdout)\n\(output.stderr)")
    }

    @Test func schemaCommandPrintsTheCheckedInSchemas() async throws {
        let journey = try await CLI.run(["schema"])
        let simulator = try await CLI.run(["schema", "--simulator"])
        let root = CLI.packageRoot.appendingPathComponent("schemas")
        let expectedJourney = try String(
            contentsOf: root.appendingPathComponent("journey.schema.json"), encoding: .utf8)
        let expectedSimulator = try String(
            contentsOf: root.appendingPathComponent("simulator.schema.json"), encoding: .utf8)
        #expect(
            journey.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == expectedJourney.trimmingCharacters(in: .whitespacesAndNewlines),
            "journey schema does not print schemas/ (embedded by EmbedSchemasPlugin at build time)")
        #expect(
            simulator.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == expectedSimulator.trimmingCharacters(in: .whitespacesAndNewlines),
            "journey schema does not print schemas/ (embedded by EmbedSchemasPlugin at build time)")
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// `journey run journeys/ --report markdown=FILE`: a transcript with a Mermaid sequence diagram
/// per script, which Mermaid itself parses and draws (scripts/validate_mermaid.py with the test
/// environment's mermaidx), with every party the examples talk to, and no secret.
@Suite struct MarkdownReportTests {
    @Test func theTranscriptOfTheExamplesDrawsInMermaid() async throws {
        let directory = try TemporaryFiles.directory("journey-markdown")
        let failing = try ShardMergeTests.failingScript(in: directory)
        let report = directory.appendingPathComponent("report.md")
        let run = try await CLI.run(
            ["run", "journeys/", failing, "--jobs", "2", "--report", "markdown=\(report.path)"],
            environment: ShardMergeTests.environment, timeout: 900)
        #expect(run.status == 1, "\(run.stderr)")
        let markdown = try String(contentsOf: report, encoding: .utf8)
        let total = ExamplesTests.exampleCount + 1
        Self.expectEveryScriptDrawn(markdown, total: total)
        // The failing script's reason is in a note.
        #expect(markdown.contains(": ✗ expected outcome failure"))
        #expect(!markdown.contains(ShardMergeTests.secret))

        guard let python = PythonTools.executable("python3") else {
            Issue.record(Comment(rawValue: PythonTools.missing("python3")))
            return
        }
        let (status, output) = try await HARStructure.run(
            python, [CLI.packageRoot.appendingPathComponent("scripts/validate_mermaid.py").path, report.path])
        #expect(status == 0 && output.contains("\(total) diagrams valid"), "\(output)")
    }

    /// The report of the examples and one failing script: a heading and a diagram per script
    /// (every script made round trips), every party the examples talk to, and the failing
    /// script's last answer marked.
    static func expectEveryScriptDrawn(_ markdown: String, total: Int) {
        #expect(markdown.hasPrefix("# journey run\n"))
        #expect(markdown.components(separatedBy: "\n## ").count - 1 == total)
        #expect(markdown.components(separatedBy: "\n```mermaid\nsequenceDiagram\n").count - 1 == total)
        for party in [
            "as Client", "as AM · 127.0.0.1:", "as OAuth · ", "as Resource server · ", "as MobileFirst · ",
            "as Challenger · ", "as Rakuten API · ",
        ] {
            #expect(markdown.contains(party), "no participant \(party)")
        }
        #expect(markdown.contains("P1--xC: ✗ 200 end"))
    }
}

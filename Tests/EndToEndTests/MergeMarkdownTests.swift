import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

/// `journey report merge --markdown FILE`: the Markdown transcript (docs/reports.md, "Sequence
/// diagrams") of the shards' JSON reports merged, and the merge of a guide whose failing example
/// its transcript shows, which exits 0 as its run did.
@Suite struct MergeMarkdownTests {
    @Test func twoShardsMergeIntoOneMarkdownTranscript() async throws {
        let directory = try TemporaryFiles.directory("journey-merge-markdown")
        let failing = try ShardMergeTests.failingScript(in: directory)
        func report(_ name: String) -> URL { directory.appendingPathComponent(name) }
        for index in 1...2 {
            let shard = try await CLI.run(
                [
                    "run", "journeys/", failing, "--shard", "\(index)/2", "--report",
                    "json=\(report("shard-\(index).json").path)",
                ],
                environment: ShardMergeTests.environment, timeout: 900)
            #expect(shard.status <= 1, "\(shard.stdout)\n\(shard.stderr)")
        }
        let merged = try await CLI.run(
            [
                "report", "merge", report("shard-1.json").path, report("shard-2.json").path, "--out",
                report("merged.json").path, "--markdown", report("merged.md").path,
            ])
        #expect(merged.status == 1, "the failing script's exit code: \(merged.stderr)")

        let markdown = try String(contentsOf: report("merged.md"), encoding: .utf8)
        let total = ExamplesTests.exampleCount + 1
        #expect(markdown.contains("\(total) scripts: \(total - 1) passed, 1 failed"), "\(markdown.prefix(300))")
        #expect(markdown.contains("exit code 1"))
        // One heading and one diagram per script, of both shards.
        MarkdownReportTests.expectEveryScriptDrawn(markdown, total: total)
        #expect(markdown.contains("Expects a failure and logs in"))
        #expect(!markdown.contains(ShardMergeTests.secret))

        // The same transcript as the merged JSON report's: what a run's --report markdown writes.
        let document = try JSONValue.parse(try Data(contentsOf: report("merged.json")))
        #expect(document["scripts"]?.arrayValue?.count == total)

        guard let python = PythonTools.executable("python3") else {
            Issue.record(Comment(rawValue: PythonTools.missing("python3")))
            return
        }
        let (status, output) = try await HARStructure.run(
            python,
            [CLI.packageRoot.appendingPathComponent("scripts/validate_mermaid.py").path, report("merged.md").path])
        #expect(status == 0 && output.contains("\(total) diagrams valid"), "\(output)")
    }

    /// A guide whose wrong-password example fails as its transcript shows exits 0; so does the
    /// merge of its shards' JSON reports, whose summary counts the documented failure and whose
    /// Markdown says why, and the merge of their JUnit files.
    @Test func aGuidesDocumentedFailureMergesToExitZero() async throws {
        let folder = try GuideEndToEndTests.folder(GuideEndToEndTests.guide)
        let guide = folder.appendingPathComponent("guide.md").path
        let written = try await CLI.run(["run", guide, "--update-transcripts", "--accept-failures"])
        #expect(written.status == 0, "\(written.stdout)\n\(written.stderr)")
        func report(_ name: String) -> String { folder.appendingPathComponent(name).path }
        for index in 1...2 {
            let shard = try await CLI.run(
                [
                    "run", guide, "--shard", "\(index)/2", "--report", "json=\(report("shard-\(index).json"))",
                    "--report", "junit=\(report("shard-\(index).xml"))",
                ])
            #expect(shard.status == 0, "\(shard.stdout)\n\(shard.stderr)")
        }
        // The JUnit shards merge to the run's exit code too, their documented failure still a <failure>.
        let whole = try await CLI.run(["run", guide])
        #expect(whole.status == 0, "\(whole.stdout)\n\(whole.stderr)")
        let junit = try await CLI.run(
            ["report", "merge", report("shard-1.xml"), report("shard-2.xml"), "--out", report("merged.xml")])
        #expect(junit.status == whole.status, "as the run: \(junit.stderr)")
        let mergedXML = try String(contentsOf: URL(fileURLWithPath: report("merged.xml")), encoding: .utf8)
        #expect(mergedXML.contains("failures=\"1\""), "\(mergedXML)")
        #expect(mergedXML.contains("<property name=\"journey.documentedFailure\" value=\"\(guide):"), "\(mergedXML)")
        let merged = try await CLI.run(
            [
                "report", "merge", report("shard-1.json"), report("shard-2.json"), "--out", report("merged.json"),
                "--markdown", report("merged.md"),
            ])
        #expect(merged.status == 0, "as the run: \(merged.stderr)")
        let document = try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: report("merged.json"))))
        #expect(document["summary"]?["failed"] == 1)
        #expect(document["summary"]?["documentedFailures"] == 1)
        #expect(document["summary"]?["exitCode"] == 0)
        let wrong = document["scripts"]?.arrayValue?.first { $0["name"] == "Wrong password" }
        #expect(wrong?["status"] == "failed")
        #expect(wrong?["documentedFailure"]?["file"]?.stringValue == guide)
        let markdown = try String(contentsOf: URL(fileURLWithPath: report("merged.md")), encoding: .utf8)
        #expect(markdown.contains("exit code 0"))
        #expect(markdown.contains("shows: the guide passes"), "\(markdown)")
    }
}

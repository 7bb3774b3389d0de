import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A Markdown guide's example of a failing run (its transcript shows the failure) stays `failed`
/// and asks for exit 0. Its JSON report says so (`documentedFailure`), and the merge of the
/// shards' reports exits 0 as the run did, its summary counting why.
@Suite("Documented failures in merged reports")
struct DocumentedFailureMergeTests {
    static let transcript = SourceLocation(file: "docs/guide.md", line: 55, column: 1)

    static var documented: JourneyResult {
        var result = ReportFixtures.failed
        result.documentedFailure = transcript
        return result
    }

    static func shards(_ shards: [[JourneyResult]]) throws -> [ReportMerge.Input] {
        try shards.enumerated().map { offset, results in
            let shard = try Shard(index: offset + 1, count: shards.count)
            return ReportMerge.Input(
                name: "shard-\(offset + 1).json", text: JSONReport.render(RunSummary(results: results, shard: shard)))
        }
    }

    @Test func theJSONReportCarriesTheTranscriptsPlace() throws {
        let document = try JSONValue.parse(JSONReport.render(RunSummary(results: [Self.documented])))
        let script = try #require(document["scripts"]?.arrayValue?.first)
        #expect(script["status"] == "failed")
        #expect(script["exitCode"] == 0)
        #expect(script["documentedFailure"]?["file"] == "docs/guide.md")
        #expect(script["documentedFailure"]?["line"] == 55)
        #expect(document["summary"]?["documentedFailures"] == 1)
        #expect(document["summary"]?["exitCode"] == 0)
        // A failure no transcript shows carries null, and fails the run.
        let plain = try JSONValue.parse(JSONReport.render(RunSummary(results: [ReportFixtures.failed])))
        #expect(plain["scripts"]?.arrayValue?.first?["documentedFailure"] == .null)
        #expect(plain["summary"]?["documentedFailures"] == 0)
    }

    @Test func theMergeOfItsShardsExitsZeroLikeTheRun() throws {
        let inputs = try Self.shards([[ReportFixtures.passing], [Self.documented]])
        let merged = try ReportMerge.merge(inputs)
        #expect(merged.exitCode == 0)
        let document = try #require(merged.document)
        #expect(document["summary"]?["exitCode"] == 0)
        #expect(document["summary"]?["failed"] == 1)
        #expect(document["summary"]?["documentedFailures"] == 1)
        let failed = document["scripts"]?.arrayValue?.first { $0["status"] == "failed" }
        #expect(failed?["documentedFailure"]?["line"] == 55)
        // The Markdown of the merge says why the failed script does not fail the run.
        let markdown = MarkdownReport.render(document: document)
        #expect(markdown.contains("exit code 0"))
        #expect(markdown.contains("as its transcript at docs/guide.md:55 shows: the guide passes"), "\(markdown)")
    }

    @Test func anUndocumentedFailureStillFailsTheMerge() throws {
        let inputs = try Self.shards([[ReportFixtures.passing], [ReportFixtures.failed]])
        #expect(try ReportMerge.merge(inputs).exitCode == 1)
        let junit = try Self.junitShards([[ReportFixtures.passing], [ReportFixtures.failed]])
        #expect(try ReportMerge.merge(junit).exitCode == 1)
    }

    static func junitShards(_ shards: [[JourneyResult]]) throws -> [ReportMerge.Input] {
        try shards.enumerated().map { offset, results in
            let shard = try Shard(index: offset + 1, count: shards.count)
            return ReportMerge.Input(
                name: "shard-\(offset + 1).xml", text: JUnitReport.render(RunSummary(results: results, shard: shard)))
        }
    }

    /// The JUnit shards of a guide's run merge to the run's exit code: the documented failure's
    /// property is read back, and kept, so the merged file merges alike.
    @Test func theMergeOfItsJUnitShardsExitsZeroLikeTheRun() throws {
        let run = RunSummary(results: [ReportFixtures.passing, Self.documented])
        #expect(run.exitCode == 0)
        let merged = try ReportMerge.merge(try Self.junitShards([[ReportFixtures.passing], [Self.documented]]))
        #expect(merged.exitCode == run.exitCode)
        #expect(merged.text.contains("failures=\"1\""))
        #expect(merged.text.contains("journey.documentedFailure"))
        let again = try ReportMerge.merge([ReportMerge.Input(name: "merged.xml", text: merged.text)])
        #expect(again.exitCode == 0)
        // Only a failed expectation is excused: the property beside an error does not lower its code.
        let forged = JUnitReport.render(RunSummary(results: [ReportFixtures.transportError]))
            .replacingOccurrences(
                of: "      <error ",
                with: "      <properties><property name=\"journey.documentedFailure\" value=\"g.md:1\"/></properties>\n"
                    + "      <error ")
        #expect(forged.contains("journey.documentedFailure"))
        #expect(try ReportMerge.merge([ReportMerge.Input(name: "forged.xml", text: forged)]).exitCode == 3)
    }

    /// A report that claims a documented failure with a malformed place is refused, naming it.
    @Test func aMalformedDocumentedFailureIsRefused() throws {
        let text = JSONReport.render(RunSummary(results: [Self.documented]))
            .replacingOccurrences(of: "\"line\" : 55", with: "\"line\" : \"55\"")
            .replacingOccurrences(of: "\"line\": 55", with: "\"line\": \"55\"")
        #expect(text.contains("\"55\""))
        #expect(throws: ReportMerge.Problem.self) {
            try ReportMerge.merge([ReportMerge.Input(name: "forged.json", text: text)])
        }
    }
}

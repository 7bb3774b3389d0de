import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyReport
@testable import JourneyRun

@Suite("Report merge")
struct ReportMergeTests {
    static let all = ReportFixtures.all

    /// The fixtures split round robin into `count` shards, each rendered as its own run.
    static func shards(_ count: Int, render: (RunSummary) -> String) throws -> [ReportMerge.Input] {
        try (1...count).map { index in
            let shard = try Shard(index: index, count: count)
            return ReportMerge.Input(
                name: "shard-\(index)", text: render(RunSummary(results: shard.select(all), shard: shard)))
        }
    }

    @Test func jsonShardsMergeIntoTheUnshardedReport() throws {
        let merged = try ReportMerge.merge(try Self.shards(3) { JSONReport.render($0) })
        #expect(merged.kind == .json)
        // Both as read back from their text, so a number is compared as the JSON says it.
        let whole = try JSONValue.parse(JSONReport.render(RunSummary(results: Self.all.sorted { $0.file < $1.file })))
        let document = try JSONValue.parse(merged.text)
        #expect(document["summary"]?["scripts"] == whole["summary"]?["scripts"])
        for key in ["passed", "failed", "errors", "invalid", "mismatched", "exitCode", "startedAt"] {
            #expect(document["summary"]?[key] == whole["summary"]?[key], "\(key)")
        }
        // The same scripts with the same failures, in file order.
        #expect(document["scripts"] == whole["scripts"])
        #expect(merged.exitCode == 3)
        // The span of the whole run: from the first start to the transport error's end.
        #expect(document["summary"]?["duration"]?.doubleValue == whole["summary"]?["duration"]?.doubleValue)
        #expect(merged.text == JSONWriter.pretty(try #require(merged.document)) + "\n")
    }

    @Test func aResultEveryShardReportsAlikeIsKeptOnce() throws {
        let broken = JourneyResult(
            name: "am.yaml", file: "journeys/trees/am.yaml",
            diagnostics: [.error("bad tree", at: SourceLocation(file: "journeys/trees/am.yaml", line: 1, column: 1))])
        let inputs = (1...3).map {
            ReportMerge.Input(name: "shard-\($0)", text: JSONReport.render(RunSummary(results: [broken])))
        }
        let document = try #require(try ReportMerge.merge(inputs).document)
        #expect(document["scripts"]?.arrayValue?.count == 1)
        #expect(document["summary"]?["exitCode"] == 2)
    }

    @Test func theWorstExitCodeWins() throws {
        let passed = ReportMerge.Input(
            name: "a", text: JSONReport.render(RunSummary(results: [ReportFixtures.passing])))
        let failed = ReportMerge.Input(name: "b", text: JSONReport.render(RunSummary(results: [ReportFixtures.failed])))
        #expect(try ReportMerge.merge([passed, failed]).exitCode == 1)
        #expect(try ReportMerge.merge([passed]).exitCode == 0)
        let empty = ReportMerge.Input(name: "c", text: JSONReport.render(RunSummary(results: [])))
        #expect(try ReportMerge.merge([empty, passed]).exitCode == 0)
    }

    @Test func junitShardsMergeIntoTheUnshardedFile() throws {
        let sorted = Self.all.sorted { $0.file < $1.file }
        let merged = try ReportMerge.merge(try Self.shards(2) { JUnitReport.render($0) })
        #expect(merged.kind == .junit)
        #expect(merged.exitCode == 3)
        let whole = JUnitReport.render(RunSummary(results: sorted))
        // Equal but for the suite's time, which the merge takes as the span of the shards.
        func cases(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.hasPrefix("<testsuites") && !$0.hasPrefix("  <testsuite ") }
        }
        #expect(cases(merged.text) == cases(whole))
        #expect(merged.text.contains("tests=\"4\" failures=\"1\" errors=\"2\" skipped=\"0\""))
        #expect(merged.text.contains("timestamp=\"2025-02-19T21:20:00Z\""))
    }

    /// A merged verdict speaks for the whole suite: a shard whose report is missing (its job
    /// died), repeated, or from another split must not pass unnoticed.
    @Test(arguments: [ReportMerge.Kind.json, .junit])
    func refusesAnIncompleteOrMixedSetOfShards(kind: ReportMerge.Kind) throws {
        let render: (RunSummary) -> String = kind == .json ? { JSONReport.render($0) } : { JUnitReport.render($0) }
        let four = try Self.shards(4, render: render)
        let whole = try ReportMerge.merge(four)
        #expect(!whole.text.contains("1/4"), "the merged report is the whole suite's")
        let unsharded = ReportMerge.Input(name: "whole", text: render(RunSummary(results: Self.all)))
        let threeOfFive = try Self.shards(5, render: render)[2]
        let cases: [([ReportMerge.Input], String)] = [
            (Array(four.prefix(3)), "shard is missing (4/4): merge the reports of all 4 shards"),
            ([four[0]], "shards are missing (2/4, 3/4, 4/4)"),
            (four + [four[1]], "shard 2/4 is given twice: shard-2 and shard-2"),
            (four + [unsharded], "whole is from an unsharded run, shard-1 from shard 1/4"),
            (four + [threeOfFive], "shard-3 is shard 3/5, shard-1 is of another split (1/4)"),
        ]
        for (inputs, message) in cases {
            let error = #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge(inputs) }
            #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
        }
    }

    @Test func aShardOfAHugeSplitIsReportedWithoutCountingEveryPart() {
        let input = ReportMerge.Input(
            name: "a", text: JSONReport.render(RunSummary(results: [], shard: try? Shard(index: 1, count: Int.max))))
        let error = #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge([input]) }
        #expect(error?.description.hasSuffix(", …): merge the reports of all \(Int.max) shards") == true)
    }

    @Test func refusesWhatIsNotAJourneyReport() {
        let cases: [([String], String)] = [
            (["hello"], "a: not a journey JSON report or JUnit XML file"),
            (["{\"format\": \"other\"}"], "a: not a journey JSON report"),
            (["{\"format\": \"journey-report\", \"version\": 2}"], "report version 2 is not 1"),
            (["{", "<x/>"], "not all of one kind"),
            (["<testsuite name=\"other\"></testsuite>"], "not a JUnit file written by journey"),
            (["{ not json"], "a: not JSON"),
        ]
        for (texts, message) in cases {
            let inputs = texts.enumerated().map { ReportMerge.Input(name: ["a", "b"][$0.offset], text: $0.element) }
            let error = #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge(inputs) }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
        #expect(throws: ReportMerge.Problem("no report to merge")) { try ReportMerge.merge([]) }
    }
}

import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// `journey report merge` judges each shard by its scripts, never by what the shard says of
/// itself, and reads and writes only well-formed XML (issue 27).
@Suite struct MergeTrustTests {
    static func json(_ results: [JourneyResult]) -> String { JSONReport.render(RunSummary(results: results)) }

    static let exitCodePattern = #""exitCode"\s*:\s*-?[0-9]+"#

    /// `text` with the summary's `"exitCode": N` made `value`.
    static func summaryExitCode(_ text: String, _ value: String) -> String {
        guard let summary = text.range(of: "\"summary\""),
            let range = text.range(
                of: exitCodePattern, options: .regularExpression, range: summary.upperBound..<text.endIndex)
        else { return text }
        return text.replacingCharacters(in: range, with: "\"exitCode\": \(value)")
    }

    /// `text` with the scripts' `"exitCode": N` made `value`.
    static func scriptExitCodes(_ text: String, _ value: String) -> String {
        guard let summary = text.range(of: "\"summary\"") else { return text }
        let head = String(text[..<summary.lowerBound]).replacingOccurrences(
            of: exitCodePattern, with: "\"exitCode\": \(value)", options: .regularExpression)
        return head + text[summary.lowerBound...]
    }

    @Test(arguments: ["256", "999", "0", "-1", "3"])
    func aShardWhoseExitCodeIsNotItsScriptsIsRefused(_ value: String) {
        let failed = Self.summaryExitCode(Self.json([ReportFixtures.failed]), value)
        let input = ReportMerge.Input(name: "shard-1.json", text: failed)
        let error = #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge([input]) }
        #expect(error?.description.hasPrefix("shard-1.json: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("exitCode") == true, "\(String(describing: error))")
    }

    @Test func aScriptWhoseExitCodeIsNotItsStatusIsRefused() {
        let text = Self.scriptExitCodes(Self.json([ReportFixtures.failed]), "0")
        let lying = Self.summaryExitCode(text, "0")
        let error = #expect(throws: ReportMerge.Problem.self) {
            try ReportMerge.merge([ReportMerge.Input(name: "b.json", text: lying)])
        }
        #expect(error?.description.hasPrefix("b.json: ") == true, "\(String(describing: error))")
    }

    @Test func aScriptWithoutAKnownStatusIsRefused() {
        let text = Self.json([ReportFixtures.failed]).replacingOccurrences(
            of: "\"failed\"", with: "\"fine\"")
        let error = #expect(throws: ReportMerge.Problem.self) {
            try ReportMerge.merge([ReportMerge.Input(name: "c.json", text: text)])
        }
        #expect(error?.description.hasPrefix("c.json: ") == true, "\(String(describing: error))")
    }

    @Test func theMergedExitCodeComesFromTheScripts() throws {
        let passed = ReportMerge.Input(name: "a", text: Self.json([ReportFixtures.passing]))
        let failed = ReportMerge.Input(name: "b", text: Self.json([ReportFixtures.failed, ReportFixtures.invalid]))
        let merged = try ReportMerge.merge([passed, failed])
        #expect(merged.exitCode == 2)
        #expect(merged.document?["summary"]?["exitCode"]?.intValue == 2)
    }

    // MARK: JUnit

    static let junit = JUnitReport.render(RunSummary(results: [ReportFixtures.passing, ReportFixtures.failed]))

    @Test func aWellFormedJUnitFileMerges() throws {
        let merged = try ReportMerge.merge([ReportMerge.Input(name: "a.xml", text: Self.junit)])
        #expect(XMLWellFormedness.problem(merged.text) == nil)
        #expect(merged.exitCode == 1)
    }

    /// A JUnit file broken in one way each.
    static func broken(_ shape: String, _ text: String) -> String {
        switch shape {
        case "undefined entity": text.replacingOccurrences(of: "&amp;", with: "&lol2;")
        case "no closing testsuites": text.replacingOccurrences(of: "</testsuites>\n", with: "")
        case "a DOCTYPE":
            text.replacingOccurrences(of: "<testsuites ", with: "<!DOCTYPE x [<!ENTITY lol2 \"lol\">]>\n<testsuites ")
        case "a stray tag": text.replacingOccurrences(of: "</system-out>", with: "</system-out></b>")
        case "a bare ampersand": text.replacingOccurrences(of: "</system-out>", with: "a & b</system-out>")
        default: text.replacingOccurrences(of: "</system-out>", with: "a < b</system-out>")
        }
    }

    @Test(arguments: [
        "undefined entity", "no closing testsuites", "a DOCTYPE", "a stray tag", "a bare ampersand", "a bare less-than",
    ])
    func aJUnitFileThatIsNotWellFormedIsRefused(_ shape: String) {
        var text = Self.junit
        if !text.contains("&amp;") { text = text.replacingOccurrences(of: "</system-out>", with: "&amp;</system-out>") }
        let broken = Self.broken(shape, text)
        #expect(broken != text, "\(shape)")
        let error = #expect(throws: ReportMerge.Problem.self, "\(shape)") {
            try ReportMerge.merge([ReportMerge.Input(name: "bad.xml", text: broken)])
        }
        #expect(error?.description.hasPrefix("bad.xml: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("not well-formed XML") == true, "\(String(describing: error))")
    }

    @Test func theCheckerKnowsWellFormedXML() {
        #expect(XMLWellFormedness.problem("<?xml version=\"1.0\"?>\n<a b=\"1\"><c/>x &amp; &#65;&#x42;</a>\n") == nil)
        #expect(XMLWellFormedness.problem("<a><b></a></b>") != nil)
        #expect(XMLWellFormedness.problem("<a></a><b></b>") != nil)
        #expect(XMLWellFormedness.problem("<a b=\"1\" b=\"2\"/>") != nil)
        #expect(XMLWellFormedness.problem("<a>&#0;</a>") != nil)
        #expect(XMLWellFormedness.problem("<a>\u{1}</a>") != nil)
        #expect(XMLWellFormedness.problem("<a>") != nil)
        #expect(XMLWellFormedness.problem("") != nil)
    }
}

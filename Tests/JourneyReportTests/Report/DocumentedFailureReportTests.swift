import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A guide's example of a failing run (``JourneyResult/documentedFailure``) stays `failed` and
/// asks for exit 0: every human report says so where the failure is counted or shown, and the
/// JUnit file carries it so that its merge exits as the run did.
@Suite("Documented failures in the reports")
struct DocumentedFailureReportTests {
    static var documented: JourneyResult { DocumentedFailureMergeTests.documented }

    @Test func theConsoleSummaryLineCountsTheDocumentedFailures() {
        let console = ConsoleReporter()
        let summary = RunSummary(results: [ReportFixtures.passing, Self.documented], duration: 0.35)
        #expect(summary.exitCode == 0)
        #expect(
            console.renderSummary(summary)
                == "1 passed, 1 failed (1 documented), 0 errors (2 scripts) in 0.35 s; "
                + "exit 0: the failure is one its guide's transcript shows")
        let two = RunSummary(results: [Self.documented, Self.documented], duration: 0.35)
        #expect(
            console.renderSummary(two).hasSuffix("; exit 0: the 2 failures are ones their guides' transcripts show"))
        // One documented, one not: the run fails, and the line tells the two apart.
        let mixed = RunSummary(results: [Self.documented, ReportFixtures.failed], duration: 0.35)
        #expect(console.renderSummary(mixed) == "0 passed, 2 failed (1 documented), 0 errors (2 scripts) in 0.35 s")
        // A failure no transcript shows reads as before.
        let plain = RunSummary(results: [ReportFixtures.failed], duration: 0.35)
        #expect(console.renderSummary(plain) == "0 passed, 1 failed, 0 errors (1 script) in 0.35 s")
    }

    @Test func theJUnitTestCaseCarriesTheTranscriptsPlace() throws {
        let xml = JUnitReport.render(RunSummary(results: [ReportFixtures.passing, Self.documented]))
        #expect(XMLWellFormedness.problem(xml) == nil)
        // Still a failure, as in every report; a property says its guide's transcript shows it.
        #expect(xml.contains("failures=\"1\""))
        #expect(xml.contains("<failure type=\"expectation\""))
        #expect(
            xml.contains(
                "      <properties><property name=\"journey.documentedFailure\" value=\"docs/guide.md:55\"/></properties>"
            ), "\(xml)")
        #expect(xml.components(separatedBy: "journey.documentedFailure").count - 1 == 1)
        let plain = JUnitReport.render(RunSummary(results: [ReportFixtures.failed]))
        #expect(!plain.contains("journey.documentedFailure"))
    }

    @Test func theJUnitPlaceIsEscaped() throws {
        var result = Self.documented
        result.documentedFailure = SourceLocation(file: "docs/<a\"&'b>.md", line: 7, column: 1)
        let xml = JUnitReport.render(RunSummary(results: [result]))
        #expect(XMLWellFormedness.problem(xml) == nil)
        #expect(xml.contains("value=\"docs/&lt;a&quot;&amp;&apos;b&gt;.md:7\""), "\(xml)")
    }

    @Test func theHTMLCardSaysTheFailureIsDocumented() throws {
        let html = HTMLReport.render(RunSummary(results: [ReportFixtures.passing, Self.documented]))
        #expect(
            html.contains(
                "<p class=\"documented\">failed as its guide's transcript at <code class=\"location\">"
                    + "docs/guide.md:55</code> shows: the guide passes</p>"), "\(html)")
        #expect(html.components(separatedBy: "<p class=\"documented\">").count - 1 == 1)
        let plain = HTMLReport.render(RunSummary(results: [ReportFixtures.failed]))
        #expect(!plain.contains("class=\"documented\""))
    }

    @Test func theHTMLPlaceIsEscaped() throws {
        var result = Self.documented
        result.documentedFailure = SourceLocation(file: "docs/<script>x</script>.md", line: 7, column: 1)
        let html = HTMLReport.render(RunSummary(results: [result]))
        #expect(!html.contains("<script>x"))
        #expect(html.contains("docs/&lt;script&gt;x&lt;/script&gt;.md:7"))
    }
}

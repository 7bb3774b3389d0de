import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun
@testable import JourneySuite

@Suite("HTML report")
struct HTMLReportTests {
    @Test func showsSummaryScriptsStepsAndFailures() {
        let html = HTMLReport.render(RunSummary(results: ReportFixtures.all, duration: 0.35))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for text in [
            "Login with reCAPTCHA Enterprise", "journeys/login-recaptcha.yaml", "data-status=\"failed\"",
            "data-status=\"error\"", "data-status=\"invalid\"", "connection refused", "unknown key &#39;handelrs&#39;",
            "ReCaptchaEnterpriseCallback", "«password»", "journeys/recaptcha.yaml:21:3", "step 3",
            "<td class=\"expected\">outcome success</td>", "<td class=\"received\">failure 401 Unauthorized</td>",
            "data-tags=\"smoke\"", "data-value=\"smoke\"", "outcome: success", "stage", "12.3 ms",
        ] {
            #expect(html.contains(text), "missing: \(text)")
        }
        // The summary counts, and the one exit code.
        #expect(html.contains("<span class=\"n\">4</span> scripts"))
        #expect(html.contains("<span id=\"exit-code\">3</span>"))
        // Only the script that has an error shows one.
        #expect(html.components(separatedBy: "<div class=\"problem error\">").count - 1 == 1)
    }

    @Test func isSelfContained() {
        let html = HTMLReport.render(RunSummary(results: ReportFixtures.all))
        for reference in ["http://", "https://cdn", "src=", "<link", "@import", "url("] {
            // The only URLs in the page are the trace's own (the fixtures' server), shown as text.
            let lines = html.split(separator: "\n").filter { $0.contains(reference) }
            #expect(lines.allSatisfy { $0.contains("am.example.com") }, "\(reference): \(lines)")
        }
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
    }

    @Test func placesStepsOnAWaterfall() {
        let html = HTMLReport.render(RunSummary(results: [ReportFixtures.failed]))
        // Steps at 0, 0.3 and 0.7 s after the start of a run of 1.25 s (its own start 0.05 s later).
        #expect(html.contains("margin-left: 0.00%; width: 16.00%"))
        #expect(html.contains("margin-left: 20.00%; width: 24.00%"))
        #expect(html.contains("margin-left: 52.00%; width: 20.00%"))
    }

    @Test func escapesEveryTextFromTheServer() {
        let hostile = "<script>alert('x')</script>\" onmouseover=\"x"
        var result = ReportFixtures.passing
        result.name = hostile
        result.tags = [hostile]
        result.steps[0].callbacks[0].prompt = hostile
        result.steps[0].stage = hostile
        result.failures = [ExpectationFailure("expected \(hostile), got \(hostile)")]
        let html = HTMLReport.render(RunSummary(results: [result]))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\" onmouseover"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onmouseover=&quot;x"))
        // The page's own script is the one script element.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    /// `{{{ }}}` and `{{& }}` would write a text unescaped: the templates use neither.
    @Test func theTemplatesEscapeEveryValue() {
        for template in [EmbeddedTemplates.report, EmbeddedTemplates.style, EmbeddedTemplates.script] {
            #expect(!template.contains("{{{"))
            #expect(!template.contains("{{&"))
        }
        #expect(EmbeddedTemplates.report.contains("{{> style}}") && EmbeddedTemplates.report.contains("{{> script}}"))
    }

    @Test func anEmptyRunIsAPage() {
        let html = HTMLReport.render(RunSummary(results: []))
        #expect(html.contains("No script ran."))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func rendersMergedDocumentsAsRuns() throws {
        let summary = RunSummary(results: ReportFixtures.all)
        #expect(HTMLReport.render(summary) == HTMLReport.render(document: JSONReport.document(summary)))
        #expect(ReportFormat.html.reporter().finish(summary) == HTMLReport.render(summary))
        #expect(ReportFile(argument: "html=out/report.html") == ReportFile(argument: "html=out/report.html"))
        #expect(ReportFile(argument: "html=out/report.html")?.format == .html)
    }

    @Test func splitsExpectedAndReceived() {
        #expect(
            ExpectedAndReceived("expected outcome success, got failure 401")
                == ExpectedAndReceived(expected: "outcome success", received: "failure 401"))
        #expect(ExpectedAndReceived("capture 'userId' was never set") == nil)
    }
}

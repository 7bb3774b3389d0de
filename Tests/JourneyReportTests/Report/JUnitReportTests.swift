import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects what a JUnit document holds, as an XML parser reads it.
final class JUnitCollector: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Parses `text`; `nil` when it is not well-formed XML.
    static func parse(_ text: String) -> JUnitCollector? {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = JUnitCollector()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }
}

@Suite("JUnit report")
struct JUnitReportTests {
    @Test func countsAndMapping() throws {
        let text = JUnitReport.render(RunSummary(results: ReportFixtures.all, duration: 0.35))
        let xml = try #require(JUnitCollector.parse(text))
        let suites = try #require(xml.all("testsuites").first)
        #expect(suites.attributes["tests"] == "4")
        #expect(suites.attributes["failures"] == "1")
        #expect(suites.attributes["errors"] == "2")
        #expect(suites.attributes["time"] == "0.350")
        #expect(suites.attributes["timestamp"] == "2025-02-19T21:20:00Z")
        #expect(xml.all("testsuite").count == 1)
        let cases = xml.all("testcase")
        #expect(
            cases.map { $0.attributes["name"] } == [
                "Login", "Login with reCAPTCHA Enterprise", "Login against a dead server", "broken.yaml",
            ])
        #expect(cases.map { $0.attributes["time"] } == ["0.041", "1.250", "5.020", "0.000"])
        #expect(cases[0].attributes["classname"] == "journeys.login")
        #expect(cases[1].attributes["file"] == "journeys/login-recaptcha.yaml")
        let failures = xml.all("failure")
        #expect(failures.count == 1)
        #expect(failures.first?.attributes["type"] == "expectation")
        #expect(
            failures.first?.attributes["message"]
                == "step 3: expected outcome success, got failure 401 Unauthorized (journeys/recaptcha.yaml:21:3) (and 1 more)"
        )
        #expect(failures.first?.text.contains("capture 'userId' was never set") == true)
        let errors = xml.all("error")
        #expect(errors.map { $0.attributes["type"] } == ["transport", "invalid"])
        #expect(errors.first?.attributes["message"] == "transport error at step 2: connection refused")
        #expect(
            errors.last?.attributes["message"]?.hasPrefix("invalid script: journeys/broken.yaml:4:1: error:") == true)
        #expect(xml.all("system-out").count == 4)
    }

    @Test func systemOutHoldsTheStepLog() throws {
        let text = JUnitReport.render(RunSummary(results: [ReportFixtures.passing]))
        let xml = try #require(JUnitCollector.parse(text))
        let log = try #require(xml.all("system-out").first?.text)
        #expect(log == ConsoleReporter().render(ReportFixtures.passing))
        #expect(log.contains("PasswordCallback \"Password\" ← «password»"))
        #expect(xml.all("failure").isEmpty && xml.all("error").isEmpty)
    }

    @Test func invalidScriptBodyShowsSourceWhenGiven() throws {
        let sources = SourceProvider(["journeys/broken.yaml": ReportFixtures.brokenSource])
        let text = JUnitReport.render(RunSummary(results: [ReportFixtures.invalid]), sources: sources)
        let xml = try #require(JUnitCollector.parse(text))
        #expect(xml.all("error").first?.text.contains(" 4 | handelrs:\n   | ^^^^^^^^") == true)
    }

    @Test func escapesMarkupQuotesAndControlCharacters() throws {
        var result = ReportFixtures.failed
        result.name = #"Say <hi> & "bye" 'now'"#
        result.failures = [ExpectationFailure("body was \u{1B}[31mred\u{1B}[0m & <b>\u{0}\n\"second line\"")]
        result.steps = []
        let text = JUnitReport.render(RunSummary(results: [result]))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{0}"))
        let xml = try #require(JUnitCollector.parse(text))
        let testCase = try #require(xml.all("testcase").first)
        #expect(testCase.attributes["name"] == #"Say <hi> & "bye" 'now'"#)
        let failure = try #require(xml.all("failure").first)
        #expect(failure.attributes["message"] == "body was ␛[31mred␛[0m & <b>␀\n\"second line\"")
        #expect(failure.text.hasPrefix("body was ␛[31mred␛[0m & <b>␀\n\"second line\""))
    }

    @Test func escapingRules() {
        #expect(XMLEscaping.text("a<b>&c\"d'e\tf\ng") == "a&lt;b&gt;&amp;c\"d'e\tf\ng")
        #expect(XMLEscaping.attribute("a<b>&c\"d'e\tf\ng\r") == "a&lt;b&gt;&amp;c&quot;d&apos;e&#9;f&#10;g&#13;")
        #expect(XMLEscaping.text("\u{1}\u{7F}\u{FFFE}") == "␁␡\u{FFFD}")
        #expect(XMLEscaping.text("«password» é 🙂") == "«password» é 🙂")
    }

    @Test func classNames() {
        #expect(JUnitReport.className("journeys/login/recaptcha.yaml") == "journeys.login.recaptcha")
        #expect(JUnitReport.className("./a.b.yml") == "a_b")
        #expect(JUnitReport.className("login") == "login")
    }

    @Test func emptyRun() throws {
        let text = JUnitReport.render(RunSummary(results: [], startedAt: ReportFixtures.start, duration: 0))
        let xml = try #require(JUnitCollector.parse(text))
        #expect(xml.all("testsuites").first?.attributes["tests"] == "0")
        #expect(xml.all("testcase").isEmpty)
    }
}

import Foundation
import JourneyCore
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// A server's control characters (ESC, CSI U+009B, bidi overrides) never reach a report raw: the
/// JSON report writes them as `\uXXXX` escapes, the HTML report as visible text (issue 27).
@Suite struct ControlCharacterOutputTests {
    static let hostile = "Login\u{1B}[31m failure\u{9B}2J \u{7F}\u{202E}gnp.exe\u{0}"

    static let result = JourneyResult(
        name: "Login", file: "journeys/login.yaml",
        error: RunError(.protocol, "the server said: \(hostile)", step: 1),
        startedAt: Date(timeIntervalSince1970: 1_740_000_000))

    /// The scalars of `text` that would drive a terminal or reorder text: C0 controls but line
    /// breaks and tabs, DEL, C1 controls and bidi overrides.
    static func rawControls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: false
            case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    @Test func theJSONReportEscapesThem() throws {
        let text = JSONReport.render(RunSummary(results: [Self.result]))
        #expect(Self.rawControls(in: text).isEmpty, "\(Self.rawControls(in: text).map(\.value))")
        #expect(text.contains("\\u009b"))
        #expect(text.contains("\\u001b"))
        // The escapes are JSON's own: the report reads back to the same text.
        let document = try JSONValue.parse(text)
        let message = document["scripts"]?.arrayValue?.first?["error"]?["message"]?.stringValue
        #expect(message?.contains(Self.hostile) == true)
    }

    @Test func theHTMLReportShowsThemAsVisibleText() {
        let html = HTMLReport.render(RunSummary(results: [Self.result]))
        #expect(Self.rawControls(in: html).isEmpty, "\(Self.rawControls(in: html).map(\.value))")
        #expect(html.contains("\\u001b[31m"))
        #expect(html.contains("\\u009b"))
    }

    @Test func theJUnitReportCarriesNone() {
        let xml = JUnitReport.render(RunSummary(results: [Self.result]))
        #expect(Self.rawControls(in: xml).isEmpty, "\(Self.rawControls(in: xml).map(\.value))")
    }

    @Test func theConsoleCarriesNone() {
        let text = ConsoleReporter(useColor: false).render(Self.result)
        #expect(Self.rawControls(in: text).isEmpty, "\(Self.rawControls(in: text).map(\.value))")
    }
}

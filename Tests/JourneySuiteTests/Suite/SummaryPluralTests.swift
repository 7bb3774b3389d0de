import JourneyCore
import Testing

@testable import JourneySuite

/// `journey lint` says `1 file checked: 1 error`, never `1 files checked: 1 errors`.
@Suite struct SummaryPluralTests {
    @Test func lintSummaryCountsInTheRightNumber() {
        let location = SourceLocation(file: "a.yaml", line: 1, column: 1)
        let one = LintReport(files: [
            LintedFile(file: "a.yaml", text: "", diagnostics: [.error("bad", at: location)])
        ])
        #expect(one.summary == "1 file checked: 1 error, 0 warnings")
        let two = LintReport(files: [
            LintedFile(
                file: "a.yaml", text: "",
                diagnostics: [
                    .error("bad", at: location), .error("worse", at: location), .warning("odd", at: location),
                ]),
            LintedFile(file: "b.yaml", text: "", diagnostics: []),
        ])
        #expect(two.summary == "2 files checked: 2 errors, 1 warning")
        #expect(LintReport(files: []).summary == "0 files checked: 0 errors, 0 warnings")
    }
}

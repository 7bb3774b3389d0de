import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneySuite

/// Issue 27 item 2: the JSON report is written a script at a time, and the text is the same as
/// the whole document's, byte for byte.
@Suite struct StreamedReportTests {
    @Test(arguments: [0, 1, 2, 4])
    func aStreamedReportIsTheRenderedOne(_ count: Int) throws {
        let summary = RunSummary(results: Array(ReportFixtures.all.prefix(count)))
        var pieces: [String] = []
        JSONReport.write(summary) { pieces.append($0) }
        #expect(pieces.joined() == JSONReport.render(summary))
        #expect(pieces.count >= count, "one piece a script at least")
    }

    @Test func aReportFileIsWrittenStreamedAndReadsAsTheRenderedOne() throws {
        let summary = RunSummary(results: ReportFixtures.all)
        let path = try TemporaryFiles.directory().appendingPathComponent("nested/report.json").path
        let file = try #require(ReportFile(argument: "json=\(path)"))
        try file.write(summary, sources: SourceProvider { _ in nil })
        #expect(try String(contentsOfFile: path, encoding: .utf8) == JSONReport.render(summary))
    }
}

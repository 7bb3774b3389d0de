import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording

/// Issue 27 item 2: a recording is written an entry at a time, and its bytes are those of the
/// whole document encoded at once.
@Suite struct StreamedHARTests {
    @Test(arguments: [0, 1, 2, 4])
    func aStreamedRecordingIsTheEncodedOne(_ count: Int) throws {
        let document = HARWriter.document(Array(ReportFixtures.all.prefix(count)))
        var streamed = Data()
        try HARWriter.stream(document) { streamed.append($0) }
        #expect(streamed == HARWriter.data(document))
    }

    @Test func aRecordingFileReadsBack() throws {
        let path = try TemporaryFiles.directory().appendingPathComponent("r.har").path
        let written = try HARWriter.write(ReportFixtures.all, to: path)
        #expect(written == [path])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == HARWriter.text(HARWriter.document(ReportFixtures.all)))
    }
}

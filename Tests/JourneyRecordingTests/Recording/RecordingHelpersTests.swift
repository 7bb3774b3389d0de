import Foundation
import JourneyCore
import JourneyTestSupport
import Testing
import Yams

@testable import JourneyRecording
@testable import JourneyRun

/// The small helpers the recording code shares: HAR times, header edits, HAR reading errors,
/// and a single replay file read once for every script.
@Suite("Recording helpers")
struct RecordingHelpersTests {
    @Test func harTimesAreWrittenAsBeforeWithMilliseconds() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        for seconds in [0.0, 1_740_821_400, 1_740_821_400.25, 1_740_821_400.001, 1_740_821_400.999, 1_740_821_400.5] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(HARReader.string(date) == formatter.string(from: date))
        }
        #expect(HARReader.string(Date(timeIntervalSince1970: 1_740_821_400.25)) == "2025-03-01T09:30:00.250Z")
    }

    @Test func harTimesAreReadWithOrWithoutFractionAndOffset() throws {
        let expected = Date(timeIntervalSince1970: 1_740_821_400)
        #expect(HARReader.date("2025-03-01T09:30:00Z") == expected)
        #expect(HARReader.date("2025-03-01T09:30:00.000Z") == expected)
        #expect(HARReader.date("2025-03-01T10:30:00.000+01:00") == expected)
        let fraction = try #require(HARReader.date("2025-03-01T09:30:00.250Z"))
        #expect(abs(fraction.timeIntervalSince1970 - 1_740_821_400.25) < 0.0005)
        #expect(HARReader.date("yesterday") == nil)
    }

    @Test func replaceSetsOneHeaderWhateverTheCase() {
        var headers = [HeaderField("x-tree", "old"), HeaderField("Accept", "*/*"), HeaderField("X-TREE", "older")]
        headers.replace("X-Tree", with: "Login")
        #expect(headers == [HeaderField("Accept", "*/*"), HeaderField("X-Tree", "Login")])
        #expect(
            headers.removing(["accept", "content-length"]) == [HeaderField("X-Tree", "Login")])
    }

    @Test func replayedHeadersLeaveOutTheWireHeaders() throws {
        let recording = try Recording.load(path: RecordingSupport.fixture("polly-am-login.har"))
        for exchange in recording.exchanges {
            let names = exchange.replayedResponseHeaders(also: ["connection"]).map { $0.name.lowercased() }
            #expect(
                !names.contains(where: {
                    ["content-encoding", "content-length", "transfer-encoding", "connection"].contains($0)
                }))
        }
    }

    @Test func unreadableHARsAreExplained() {
        func message(_ text: String) -> String {
            do {
                _ = try HARReader.read(data: Data(text.utf8), name: "x.har")
                return "read"
            } catch {
                return error.message
            }
        }
        #expect(message("") == "x.har is empty, not a HAR file")
        #expect(
            message("{\"log\": [").hasPrefix("x.har is not a HAR file: it is not valid JSON (the file looks truncated"))
        #expect(message("{\"pages\": []}").hasPrefix("x.har is not a HAR file: it has no top-level \"log\" object"))
        #expect(message("{\"log\": {}}") == "x.har is not a HAR file: \"log\" has no \"entries\" array")
        #expect(message("{\"log\": {\"entries\": [{}]}}").hasPrefix("x.har is not a valid HAR file: "))
    }

    @Test func aSingleReplayFileIsReadOnceForEveryScript() throws {
        let original = RecordingSupport.fixture("chrome-am-login.har")
        let text = try String(contentsOfFile: original, encoding: .utf8)
        let path = try TemporaryFiles.file("one.har", text)
        let source = ReplaySource(path: path)
        try source.validate()
        try FileManager.default.removeItem(atPath: path)
        let recording = try source.recording(for: "journeys/login.yaml")
        #expect(recording.source == path)
        #expect(recording.journeys.first?.name == "Login")
    }

    @Test func otpURIsPercentEncodeEveryNonASCIIByte() {
        let parameters = OTPParameters(
            kind: .totp, secret: [1, 2, 3, 4, 5], algorithm: .sha1, digits: 6, period: 30, counter: 0,
            issuer: "Bänk & Co", account: "zoë@example.com")
        #expect(
            parameters.uri.hasPrefix(
                "otpauth://totp/B%C3%A4nk%20%26%20Co:zo%C3%AB%40example.com?secret="))
        #expect(parameters.uri.contains("&issuer=B%C3%A4nk%20%26%20Co&"))
    }

    @Test func theAMPathStartsAtJSONWhateverTheDeploymentPath() {
        #expect(
            RecordedExchange.amPath("/am/json/realms/root/realms/alpha/authenticate")
                == "/json/realms/root/realms/alpha/authenticate")
        #expect(RecordedExchange.amPath("/openam/json/sessions") == "/json/sessions")
        #expect(RecordedExchange.amPath("/json/") == "/json/")
        #expect(RecordedExchange.amPath("/mfp/api/az/v1/token") == "/mfp/api/az/v1/token")
        #expect(RecordedExchange.amPath("/am/jso") == "/am/jso")
        #expect(RecordedExchange.amPath("") == "")
    }

    @Test(arguments: ["true", "null", "1", "~", "0x1F", "NameCallback", "IDToken1validateOnly"])
    func recordedTextReadsBackAsTheSameString(text: String) throws {
        let yaml = try Yams.serialize(node: Node([(Node("key"), Node.text(text))], Tag(.map), .block))
        let root = try #require(YAMLReader(file: "imported.yaml", text: yaml).root())
        #expect(root.mapping()?["key"]?.json == .string(text), "\(yaml)")
    }
}

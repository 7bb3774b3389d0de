import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@Suite struct JSONValueTests {
    static let fixtures = Repository.fixtures

    static func allFixtureFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            // Tests/Fixtures/sdk holds the SDKs' test assertions, not server bodies: their `30.0`
            // (a Kotlin Double) reads back as the integer 30, which no server body here sends.
            if url.pathExtension == "json", !url.path.contains("/Fixtures/sdk/") { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyFixtureParsesAndRoundTripsLikeFoundation() throws {
        let files = Self.allFixtureFiles()
        #expect(files.count > 50)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try JSONValue.parse(data)
            let foundation = try JSONDecoder().decode(JSONValue.self, from: data)
            #expect(ours == foundation, "\(file.lastPathComponent)")
            #expect(try JSONValue.parse(ours.encoded) == ours, "\(file.lastPathComponent)")
        }
    }

    @Test func integersStayIntegers() throws {
        let value = try JSONValue.parse(#"{"_id": 0, "score": 0.5, "big": 12345678901, "neg": -3}"#)
        #expect(value["_id"] == .int(0))
        #expect(value["score"] == .double(0.5))
        #expect(value["big"] == .int(12_345_678_901))
        #expect(value.compactJSON == #"{"_id":0,"big":12345678901,"neg":-3,"score":0.5}"#)
    }

    @Test func stringsEscapeAndUnescape() throws {
        let text = "quote \" backslash \\ newline \n tab \t unicode é \u{1F600} control \u{01}"
        let encoded = JSONValue.string(text).compactJSON
        #expect(try JSONValue.parse(encoded) == .string(text))
        #expect(try JSONValue.parse(#""\u00e9\ud83d\ude00""#) == .string("é\u{1F600}"))
    }

    @Test(arguments: ["", "{", "{\"a\":}", "[1,]", "tru", "{\"a\" 1}", "\"unterminated", "01", "{} x", "<html>"])
    func malformedJSONIsRejected(_ text: String) {
        #expect(throws: JSONDecodingFailure.self) { try JSONValue.parse(text) }
    }

    @Test func deepNestingIsRejectedNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONDecodingFailure.self) { try JSONValue.parse(deep) }
    }
}

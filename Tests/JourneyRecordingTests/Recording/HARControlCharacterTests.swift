import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// Issue 36 point 7: a recording escapes the controls a server sends as the JSON report does
/// (docs/security.md): C0 by the encoder, DEL, C1 (CSI U+009B), U+2028/2029 and the bidi
/// controls as `\uXXXX`, so `cat run.har` never drives a terminal; the text reads back the same.
@Suite struct HARControlCharacterTests {
    static let message = "a\u{1B}[2Jb\u{7F}c\u{9B}31md\u{202E}e\u{2066}f\u{2028}g\u{200F}h ü"

    @Test func aServersControlsAreEscapedInTheRecordingAndReadBackTheSame() async throws {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Controls
            journey: Login
            expect: { outcome: success }
            """)
        let step: JSONValue = [
            "authId": "a",
            "callbacks": [
                [
                    "type": "TextOutputCallback",
                    "output": [
                        ["name": "message", "value": .string(Self.message)], ["name": "messageType", "value": "0"],
                    ],
                ]
            ],
        ]
        let transport = ScriptedTransport(json: [
            step, AMSuccess(tokenId: "t", successUrl: "/am", realm: "/").json,
        ])
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
        let document = HARWriter.document([result])
        var streamed = Data()
        try HARWriter.stream(document) { streamed.append($0) }
        for text in [HARWriter.text(document), String(decoding: streamed, as: UTF8.self)] {
            for scalar in ["\u{1B}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{200F}"]
                as [Unicode.Scalar]
            {
                #expect(!text.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) raw in the HAR")
            }
            #expect(text.contains("\\u009b31m"))
            #expect(text.contains("\\u202e"))
            #expect(text.contains("ü"))
        }
        let read = try HARReader.read(data: streamed, name: "run.har")
        let body = try #require(read.log.entries.first?.response.content.text)
        #expect(body == result.steps.first?.exchange.responseBody)
        #expect(body.unicodeScalars.contains("\u{9B}"))
    }
}

import Foundation
import JourneyCore
import Testing

@Suite struct JSONCanonicalFormTests {
    static func isCanonical(_ text: String) -> Bool {
        Data(text.utf8).withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) })
    }

    /// The promise: text reported canonical is exactly the compact writer's output for it.
    @Test func canonicalTextIsWhatTheWriterWrites() throws {
        var canonicalFiles = 0
        for file in JSONValueTests.allFixtureFiles() {
            let data = try Data(contentsOf: file)
            let value = try JSONValue.parse(data)
            let written = value.encoded
            #expect(written.withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) }), "\(file.lastPathComponent)")
            if data.withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) }) {
                canonicalFiles += 1
                #expect(data == written, "\(file.lastPathComponent)")
            }
        }
        #expect(canonicalFiles >= 0)
    }

    @Test(arguments: [
        #"{}"#, #"[]"#, #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, #"-12"#, #"0"#, #"9223372036854775807"#,
        #"-9223372036854775808"#,
        #""quote \" backslash \\ newline \n tab \t return \r control \u0001 \u001f""#,
        ##""é 😀 / <a href=\"#\">""##, #"{"A":1,"B":2,"a":3,"aa":4,"ab":5,"b":6}"#,
    ])
    func writerOutputIsCanonical(_ text: String) throws {
        #expect(Self.isCanonical(text))
        #expect(try JSONValue.parse(text).compactJSON == text)
    }

    @Test(arguments: [
        #"{"b":1,"a":2}"#, #"{"a":1,"a":2}"#, #"{ "a":1}"#, #"[1, 2]"#, " {}", "{} ", #"1.0"#, #"0.5"#, #"1e3"#,
        #"-0"#, #"12345678901234567890"#, #"9223372036854775808"#, #"-9223372036854775809"#, #""\/""#, #""\u0041""#,
        #""\u000A""#, #""\u001F""#, #""\b""#,
        #"{"é":1,"e":2}"#, #"{"a\"":1}"#, "\"\u{01}\"", #"{"a":1"#, #"[1,]"#, #"tru"#, #"{"a":}"#,
    ])
    func otherTextIsNotCanonical(_ text: String) {
        #expect(!Self.isCanonical(text))
    }

    @Test func malformedUTF8IsNotCanonical() {
        for bytes: [UInt8] in [
            [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xE0, 0x80, 0xAF, 0x22], [0x22, 0xFF, 0x22],
        ] {
            #expect(!bytes.withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) }), "\(bytes)")
        }
        let valid: [UInt8] = [0x22, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22]
        #expect(valid.withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) }))
    }
}

import Foundation
import JourneyCore
import Testing

/// The limits that keep a hostile file from crashing, hanging or exhausting memory (issue 16).
@Suite struct InputLimitTests {
    static let billionLaughs: String = {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        return text
    }()

    @Test func anAliasBombStopsAtTheAliasThatPassesTheLimit() {
        #expect(throws: YAMLBudget.Overrun.self) { try YAMLBudget.check(Self.billionLaughs) }
        do {
            try YAMLBudget.check(Self.billionLaughs)
        } catch {
            #expect(error.message.contains("more than 500000 nodes once its aliases are expanded"))
            #expect(error.line == 6)
        }
    }

    @Test func theReaderReportsTheBombAtItsPlace() {
        let reader = YAMLReader(file: "bomb.yaml", text: Self.billionLaughs)
        #expect(reader.root() == nil)
        #expect(reader.diagnostics.map(\.description).first?.hasPrefix("bomb.yaml:6:") == true)
        #expect(reader.diagnostics.first?.message.contains("alias expansion limit") == true)
    }

    @Test func ordinaryAliasesAreCountedOnce() throws {
        let text = "base: &base { a: 1, b: 2 }\none: *base\ntwo: { <<: *base, c: 3 }\n"
        // 6 nodes for `base`, 6 for `one` (its alias counts the 5 nodes of the mapping), 10 for
        // `two`, and the root mapping.
        try YAMLBudget.check(text, limit: 23)
        #expect(throws: YAMLBudget.Overrun.self) { try YAMLBudget.check(text, limit: 22) }
    }

    @Test func aFileThatIsNotUTF8NamesTheByteAndItsPlace() {
        let bytes = Array("version: 1\nname: \"Z".utf8) + [0xFC] + Array("rich\"\n".utf8)
        do {
            _ = try SourceFile.decode(bytes, file: "latin1.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "latin1.yaml:2:9: error: the file is not valid UTF-8: byte 0xFC at offset 19 (save the file as UTF-8)"
            )
        }
    }

    /// `\r\n` and `\r` alone end a line too (issue 36): the place is the editor's.
    @Test func theLineOfABadByteCountsEveryKindOfLineEnd() {
        let bytes = Array("a: 1\r\nb: 2\rc: 3\n\rd: \"".utf8) + [0xFC] + Array("\"\n".utf8)
        #expect(throws: Diagnostic.self) { try SourceFile.decode(bytes, file: "mixed.yaml") }
        do {
            _ = try SourceFile.decode(bytes, file: "mixed.yaml")
        } catch {
            #expect(error.location?.description == "mixed.yaml:5:5", "\(error.description)")
        }
    }

    @Test func onlyRegularFilesOfBoundedSizeAreRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let big = folder.appendingPathComponent("big.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: 2_048).write(to: big)
        #expect(throws: Diagnostic.self) { try SourceFile.read(big.path, limit: 1_024) }
        #expect(try SourceFile.read(big.path, limit: 4_096).count == 2_048)
        do {
            _ = try SourceFile.read(folder.path)
            Issue.record("a folder was read")
        } catch {
            #expect(error.message == "cannot read the file: it is a directory, not a regular file")
            #expect(error.location == SourceLocation(file: folder.path, line: 1, column: 1))
        }
    }

    @Test func aFileReportsItsFirstProblemsThenHowManyMore() {
        let reader = YAMLReader(file: "many.yaml", text: "")
        for line in 1...250 {
            reader.error("problem \(line)", at: SourceLocation(file: "many.yaml", line: line, column: 1))
        }
        #expect(reader.diagnostics.count == YAMLReader.maximumReported + 1)
        #expect(reader.diagnostics.last?.message == "150 more problems not shown (a file reports its first 100)")
        #expect(reader.diagnostics.last?.location?.line == 101)
        #expect(reader.hasErrors)
    }

    @Test func longWordsGetNoSuggestion() {
        #expect(DidYouMean.suggestion(for: "handelrs", among: ["handlers"]) == "handlers")
        #expect(DidYouMean.suggestion(for: String(repeating: "h", count: 10_000), among: ["handlers"]) == nil)
    }
}

/// The caret rendering finds its line by scanning bytes: CRLF files, the last line and lines
/// past the end still render as they did.
@Suite struct DiagnosticLineTests {
    func render(line: Int, in source: String) -> String {
        Diagnostic.error("e", at: SourceLocation(file: "f", line: line, column: 1)).rendered(source: source)
    }

    @Test func findsTheLineWithoutItsLineEnding() {
        #expect(render(line: 2, in: "a: 1\r\nbé: 2\r\nc: 3") == "f:2:1: error: e\n 2 | bé: 2\n   | ^")
        #expect(render(line: 3, in: "a\nb\nlast") == "f:3:1: error: e\n 3 | last\n   | ^")
        #expect(render(line: 4, in: "a\nb\nlast") == "f:4:1: error: e")
    }
}

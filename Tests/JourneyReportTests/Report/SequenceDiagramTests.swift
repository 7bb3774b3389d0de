import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// The sequence diagram of a script: the model from the JSON report's script, and its two
/// renderings, Mermaid text (the Markdown transcript) and SVG (the HTML report).
@Suite("Sequence diagrams")
struct SequenceDiagramTests {
    static func diagram(_ result: JourneyResult) throws -> SequenceDiagram {
        try #require(SequenceDiagram(script: JSONTrace.script(result)))
    }

    static func messages(_ diagram: SequenceDiagram) -> [SequenceDiagram.Message] {
        diagram.events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    static func notes(_ diagram: SequenceDiagram) -> [SequenceDiagram.Note] {
        diagram.events.compactMap { if case .note(let note) = $0 { note } else { nil } }
    }

    @Test func aLoginIsTwoRoundTripsWithAM() throws {
        let diagram = try Self.diagram(ReportFixtures.passing)
        #expect(diagram.participants.map(\.title) == ["Client", "AM"])
        #expect(diagram.participants[1].detail == "am.example.com")
        #expect(
            Self.messages(diagram).map(\.label) == [
                "1 POST authenticate", "200 NameCallback, PasswordCallback", "2 POST authenticate", "200 end",
            ])
        #expect(Self.messages(diagram).map(\.isResponse) == [false, true, false, true])
        #expect(Self.messages(diagram).allSatisfy { !$0.failed && !$0.lost })
        #expect(Self.notes(diagram).isEmpty)
    }

    @Test func partiesAreParticipantsInOrderOfFirstContact() throws {
        let origin = "http://127.0.0.1:8080"
        func step(_ number: Int, _ path: String, _ party: Party, phase: String?) -> StepTrace {
            StepTrace(
                number: number, kind: .call,
                exchange: ReportFixtures.exchange(origin + path, duration: 0.01), phase: phase, party: party)
        }
        var result = ReportFixtures.passing
        result.steps = [
            step(1, "/v1.0/c", .challenger, phase: "challenger"),
            step(2, "/am/json/realms/root/authenticate", .am, phase: nil),
            step(3, "/am/oauth2/access_token", .oauth, phase: "oauth"),
            step(4, "/api/transfer", .resource, phase: "request"),
            step(5, "/am/oauth2/access_token", .oauth, phase: "oauth refresh"),
            step(6, "/mfp/api/preauth/v1/preauthorize", .mobileFirst, phase: "preauthorize"),
            step(7, "/rae/engine/token", .rakuten, phase: "token"),
        ]
        let diagram = try Self.diagram(result)
        #expect(
            diagram.participants.map(\.title) == [
                "Client", "Challenger", "AM", "OAuth", "Resource server", "MobileFirst", "Rakuten API",
            ])
        #expect(diagram.participants.map(\.id) == ["C", "P1", "P2", "P3", "P4", "P5", "P6"])
        let requests = Self.messages(diagram).filter { !$0.isResponse }
        #expect(requests.map(\.to) == [1, 2, 3, 4, 3, 5, 6])
        #expect(requests[4].label == "5 POST access_token · oauth refresh")
        // The same party at another origin is another lifeline.
        result.steps.append(
            StepTrace(
                number: 8, kind: .call, exchange: ReportFixtures.exchange("https://rs.example.com/x", duration: 0),
                party: .resource))
        #expect(try Self.diagram(result).participants.last?.detail == "rs.example.com")
    }

    @Test func failuresMarkTheirRoundTripAndGetANote() throws {
        let diagram = try Self.diagram(ReportFixtures.failed)
        let messages = Self.messages(diagram)
        // Step 3's response failed its expectation; the run's own failure marks the last arrow too.
        #expect(messages[5].isResponse && messages[5].failed && messages[5].label == "401 end")
        #expect(messages.prefix(5).allSatisfy { !$0.failed })
        let notes = Self.notes(diagram)
        #expect(notes.count == 2)
        #expect(notes[0].text == "✗ expected outcome success, got failure 401 Unauthorized")
        #expect(notes[1].text == "✗ capture 'userId' was never set")
        #expect(notes.allSatisfy { $0.failed && $0.first == 0 && $0.last == 1 })
        let mermaid = MermaidSequence.render(diagram)
        #expect(mermaid.contains("    P1--xC: ✗ 401 end\n"))
        #expect(mermaid.contains("    Note over C,P1: ✗ expected outcome success, got failure 401 Unauthorized\n"))
    }

    @Test func aRequestWithoutResponseEndsInACross() throws {
        let diagram = try Self.diagram(ReportFixtures.transportError)
        let last = try #require(Self.messages(diagram).last)
        #expect(!last.isResponse && last.lost && last.failed)
        #expect(Self.notes(diagram).map(\.text) == ["✗ connection refused"])
        #expect(MermaidSequence.render(diagram).contains("    C-xP1: ✗ 2 POST authenticate\n"))
    }

    @Test func aScriptWithoutRoundTripsHasNoDiagram() {
        #expect(SequenceDiagram(script: JSONTrace.script(ReportFixtures.invalid)) == nil)
    }

    @Test func theMermaidTextOfALogin() throws {
        #expect(
            MermaidSequence.render(try Self.diagram(ReportFixtures.passing)) == """
                sequenceDiagram
                    participant C as Client
                    participant P1 as AM · am.example.com
                    C->>P1: 1 POST authenticate
                    P1-->>C: 200 NameCallback, PasswordCallback
                    C->>P1: 2 POST authenticate
                    P1-->>C: 200 end

                """)
    }

    /// Text a server or a script could send, meant to end a Mermaid statement, start another,
    /// add markup or a directive, or reach a terminal raw.
    static let hostile =
        "a;b#c\nC->>P1: forged\r\n  P1-->>C: x --x y %%{init: {}}%% <script>alert(1)</script> &amp; ```\u{1B}[31m\u{202E}z\u{2028}w `q` {x} \\ \" ¶ß"

    static func hostileResult() -> JourneyResult {
        var result = ReportFixtures.failed
        result.steps[0].callbacks[0].type = Self.hostile
        result.steps[1].stage = Self.hostile
        result.steps[1].phase = Self.hostile
        result.steps[2].failures = [ExpectationFailure(Self.hostile, step: 3)]
        result.failures = [ExpectationFailure(Self.hostile, step: 3), ExpectationFailure(Self.hostile)]
        return result
    }

    @Test func hostileLabelsStayOneLabelInMermaid() throws {
        let diagram = try Self.diagram(Self.hostileResult())
        let text = MermaidSequence.render(diagram)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // The header, two participants, six arrows and the notes: nothing more, nothing less.
        #expect(lines.count == 1 + diagram.participants.count + diagram.events.count, "\(text)")
        let statement =
            /^    (participant (C|P\d+) as |(C|P\d+)(->>|-->>|-x|--x)(C|P\d+): |Note over (C|P\d+)(,(C|P\d+))?: )(.*)$/
        for line in lines.dropFirst() {
            let match = try #require(try statement.wholeMatch(in: String(line)), "not a statement: \(line)")
            let label = String(match.output.9)
            // Only entity codes may hold `#` and `;`; nothing reads as markup or moves the terminal.
            #expect(label.replacing(/#\d+;/, with: "").allSatisfy { !"#;<>&%`{}\"\\".contains($0) }, "\(label)")
            #expect(!label.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" })
        }
        #expect(
            text.contains(
                "a#59;b#35;c C-#62;#62;P1: forged P1--#62;#62;C: x --x y #37;#37;#123;init: #123;#125;#125;#37;#37;"))
    }

    @Test func hostileLabelsAreTextInTheSVG() throws {
        let html = HTMLReport.render(RunSummary(results: [Self.hostileResult()]))
        let start = try #require(html.range(of: "<svg class=\"sequence\""))
        let end = try #require(html.range(of: "</svg>", range: start.upperBound..<html.endIndex))
        let svg = String(html[start.lowerBound..<end.upperBound])
        // Well-formed XML: each text stayed inside its element.
        #expect(XMLWellFormedness.problem(svg) == nil, "\(XMLWellFormedness.problem(svg) ?? ""): \(svg)")
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!svg.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
        #expect(svg.components(separatedBy: "<g class=\"message").count - 1 == 6)
        #expect(svg.components(separatedBy: "<g class=\"note failed\"").count - 1 == 2)
        #expect(svg.contains("stroke=\"#c62828\""))
    }

    @Test func theSVGIsSizedToItsContent() throws {
        let layout = SequenceDiagramLayout(try Self.diagram(ReportFixtures.failed))
        #expect(layout.arrows.count == 6)
        let right = layout.boxes.map { $0.centre + $0.width / 2 }.max() ?? 0
        let notes = layout.notes.map { $0.x + $0.width }.max() ?? 0
        #expect(layout.width == max(right, notes) + SequenceDiagramLayout.margin)
        #expect(layout.height > (layout.notes.last.map { $0.y + $0.height } ?? 0))
        // The AM column is far enough from the client for the widest label between them.
        let widest = layout.arrows.map { SequenceDiagramLayout.textWidth($0.label) }.max() ?? 0
        #expect(layout.boxes[1].centre - layout.boxes[0].centre >= widest)
    }

    /// A long failure wraps inside the diagram's width (the report's card), its box as tall as its lines.
    @Test func aLongNoteWrapsInsideTheDiagram() throws {
        let long = ExpectationFailure(
            "no handler for ChoiceCallback (prompt \"Choose your second factor\") "
                + String(repeating: "word ", count: 60)
                + String(repeating: "x", count: 200),
            step: 1)
        var result = ReportFixtures.failed
        result.failures = [long]
        let layout = SequenceDiagramLayout(try Self.diagram(result))
        let right = layout.boxes.map { $0.centre + $0.width / 2 }.max() ?? 0
        let note = try #require(layout.notes.first)
        #expect(note.lines.count > 2)
        #expect(note.x + note.width <= max(right, note.x + SequenceDiagramLayout.minimumNoteWidth))
        #expect(
            layout.width <= max(right, note.x + SequenceDiagramLayout.minimumNoteWidth) + SequenceDiagramLayout.margin)
        #expect(note.lines.allSatisfy { SequenceDiagramLayout.textWidth($0) <= note.width - 16 })
        #expect(
            note.height == SequenceDiagramLayout.noteHeight + Double(note.lines.count - 1)
                * SequenceDiagramLayout.noteLineHeight)
    }

    @Test func theMarkdownTranscriptEscapesEveryText() throws {
        let markdown = MarkdownReport.render(
            RunSummary(results: [Self.hostileResult(), ReportFixtures.transportError]))
        #expect(markdown.components(separatedBy: "```mermaid\n").count - 1 == 2)
        #expect(!markdown.contains("<script"))
        #expect(!markdown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
        // A table row has its seven cell borders and no more: a `|` in a text is escaped.
        for row in markdown.split(separator: "\n") where row.hasPrefix("| ") {
            #expect(row.replacing("\\|", with: "").filter { $0 == "|" }.count == 7, "\(row)")
        }
        #expect(markdown.contains("| 2 | AM | POST /am/json/realms/root/realms/alpha/authenticate | no response |"))
        #expect(markdown.contains("**transport error**: connection refused"))
    }

    /// Mermaid itself (scripts/validate_mermaid.py, mermaid.js in the test environment's
    /// mermaidx) parses and draws the hostile diagram with exactly its statements.
    @Test func mermaidDrawsTheHostileDiagram() async throws {
        guard let python = PythonTools.executable("python3") else {
            Issue.record(Comment(rawValue: PythonTools.missing("python3")))
            return
        }
        let markdown = MarkdownReport.render(RunSummary(results: [Self.hostileResult()]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).md")
        try Data(markdown.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = LoaderTestSupport.repositoryRoot.appendingPathComponent("scripts/validate_mermaid.py").path
        let result = try await ChildProcess.run(python, [script, file.path])
        #expect(result.status == 0 && result.output.contains("1 diagrams valid"), "\(result.output)")
    }
}

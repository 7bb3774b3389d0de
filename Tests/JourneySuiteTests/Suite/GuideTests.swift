import Foundation
import JourneyCore
import JourneyFormat
import Testing

@testable import JourneySuite

/// A Markdown guide read as scripts: which blocks are scripts and transcripts, where their
/// diagnostics point, what a transcript comparison ignores, and what an update rewrites.
@Suite struct GuideTests {
    static let guide = """
        # Guide

        ```yaml journey file=login.yaml
        version: 1
        name: Log in
        journey: Login
        ```

        Prose between a script and its transcript.

        ```console journey
        ▶ Log in  (guide.md#login.yaml)
        ```

        ```yaml
        not: a journey block
        ```

        ```yaml journey
        version: 1
        name: After
        uses: login.yaml
        ```

        """

    @Test func scriptBlocksTheirNamesAndTheirTranscripts() {
        let guide = Guide(file: "docs/guide.md", text: Self.guide)
        #expect(guide.diagnostics.isEmpty)
        #expect(guide.blocks.map(\.identity) == ["docs/guide.md#login.yaml", "docs/guide.md#L19"])
        // A result's file leads back to its guide (how --watch reruns the guide).
        #expect(guide.blocks.map { GuideBlock.guide(ofIdentity: $0.identity) } == ["docs/guide.md", "docs/guide.md"])
        #expect(GuideBlock.guide(ofIdentity: "journeys/login.yaml") == nil)
        #expect(GuideBlock.guide(ofIdentity: "notes#1/guide.markdown#L3") == "notes#1/guide.markdown")
        #expect(guide.blocks[0].transcript?.lines == ["▶ Log in  (guide.md#login.yaml)"])
        #expect(guide.blocks[1].transcript == nil)
        #expect(guide.block(atPath: "docs/./login.yaml")?.fence.openingLine == 3)
        #expect(guide.block(atPath: "login.yaml") == nil)
    }

    @Test func aUsesNameLeadsToTheBlockWithoutAFileOnDisk() throws {
        let guide = Guide(file: "docs/guide.md", text: Self.guide)
        let (script, diagnostics) = ScriptLoader.lint(block: guide.blocks[1], in: guide)
        #expect(diagnostics.isEmpty)
        let used = try #require(script).uses?.script.value
        let source = ScriptSource.used(by: try #require(script), name: try #require(used))
        #expect(source.identity == "docs/guide.md#login.yaml")
        #expect(ReferencedFiles.diagnostics(for: try #require(script)).isEmpty)
    }

    @Test func aBlocksDiagnosticsNameTheGuidesLineAndColumn() {
        let text = "Intro\n\n  ```yaml journey\n  version: 1\n  name: x\n  journey: Login\n  handelrs: {}\n  ```\n"
        let guide = Guide(file: "guide.md", text: text)
        let (_, diagnostics) = ScriptLoader.lint(block: guide.blocks[0], in: guide)
        let error = diagnostics.first { $0.severity == .error }
        #expect(error?.location?.description == "guide.md:7:3")
        #expect(error?.message.contains("handelrs") == true)
    }

    /// A guide saved with `\r` line ends (issue 36): its blocks are scripts, their diagnostics at
    /// the guide's line and column, an excerpt shows the line, and an update keeps its line ends.
    @Test func aGuideWithCarriageReturnLineEndsHasItsBlocks() throws {
        let text =
            "Intro\r\r  ```yaml journey\r  version: 1\r  name: x\r  journey: Login\r  handelrs: {}\r  ```\r"
            + "\r  ```console journey\r  old\r  ```\r"
        let guide = Guide(file: "guide.md", text: text)
        #expect(guide.diagnostics.isEmpty)
        #expect(guide.blocks.count == 1)
        let (_, diagnostics) = ScriptLoader.lint(block: guide.blocks[0], in: guide)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.location?.description == "guide.md:7:3")
        #expect(error.rendered(source: text).contains(" 7 |   handelrs: {}"), "\(error.rendered(source: text))")
        let transcript = try #require(guide.blocks[0].transcript)
        let rewritten = try GuideRewrite.replacing([(transcript, ["▶ new", "✔ passed"])], in: text, file: "g.md")
        #expect(rewritten == text.replacingOccurrences(of: "  old\r", with: "  ▶ new\r  ✔ passed\r"))
    }

    @Test func aBlockInAListItemOrAQuoteNamesTheGuidesColumns() {
        let item =
            "1. Log in:\n\n   ```yaml journey\n   version: 1\n   name: x\n   journey: Login\n   handelrs: {}\n   ```\n"
        let quote = "> ```yaml journey\n> version: 1\n> name: x\n> journey: Login\n> handelrs: {}\n> ```\n"
        for (text, place) in [(item, "guide.md:7:4"), (quote, "guide.md:5:3")] {
            let guide = Guide(file: "guide.md", text: text)
            #expect(guide.diagnostics.isEmpty)
            let (_, diagnostics) = ScriptLoader.lint(block: guide.blocks[0], in: guide)
            let error = diagnostics.first { $0.severity == .error }
            #expect(error?.location?.description == place)
        }
        let unknown = Guide(file: "g.md", text: "- > ```yaml journey colour=red\n  > ```\n")
        #expect(unknown.diagnostics.map { $0.location?.description } == ["g.md:1:5"])
    }

    @Test func problemsOfTheGuideItself() {
        let text = """
            ```console journey
            ```

            ```yaml journey colour=red
            version: 1
            ```

            ```yaml journey file=a.yaml
            ```

            ```yaml journey file=a.yaml
            ```

            ```yaml journey file=../b.txt
            ```

            ```yaml journey
            never closed
            """
        let guide = Guide(file: "g.md", text: text)
        #expect(
            guide.diagnostics.map { "\($0.location?.line ?? 0) \($0.message.prefix(30))" } == [
                "1 a `console journey` transcript",
                "4 unknown attribute 'colour=red'",
                "11 another `yaml journey` block o",
                "14 file= names a script as a file",
                "17 this `yaml journey` block is n",
            ])
        #expect(guide.blocks.count == 4)
    }

    @Test func normalizationMakesWhatVariesEqual() {
        let normalization = TranscriptNormalization(guide: "docs/guide.md")
        let cases: [(String, String)] = [
            ("▶ x  (docs/guide.md#L40)", "▶ x  (guide.md#L<line>)"),
            ("▶ x  (./guide.md#login.yaml)", "▶ x  (guide.md#login.yaml)"),
            ("✗ failed (/tmp/a/guide.md:52:3)", "✗ failed (guide.md:<line>:<column>)"),
            ("step 1  200  24.4 ms", "step 1  200  <duration>"),
            ("2 steps, 51 ms  ", "2 steps, <duration>"),
            ("at 2026-03-01T12:34:56.789Z", "at <date>"),
            ("id 0b7c1f2e-5d1a-4c3b-9e8f-1a2b3c4d5e6f", "id <uuid>"),
            ("authId eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ4In0.c2ln", "authId <jwt>"),
            ("http://127.0.0.1:49152/am", "http://127.0.0.1:<port>/am"),
            ("user user-3f9a1c2e7b5d4a60", "user <random>"),
            ("ValidatedCreatePasswordCallback", "ValidatedCreatePasswordCallback"),
            ("2 steps", "2 steps"),
        ]
        for (line, expected) in cases {
            #expect(normalization.normalized(line: line) == expected, "\(line)")
        }
    }

    @Test func anUpdateRewritesTranscriptsOnlyByteForByte() throws {
        let text =
            "# G\r\n\r\n```yaml journey\r\nversion: 1\r\n```\r\n\r\n  ```console journey\r\n  old\r\n\r\n  ```\r\nend"
        let guide = Guide(file: "g.md", text: text)
        let transcript = try #require(guide.blocks.first?.transcript)
        let rewritten = try GuideRewrite.replacing([(transcript, ["▶ new", "", "✔ passed"])], in: text, file: "g.md")
        #expect(
            rewritten
                == "# G\r\n\r\n```yaml journey\r\nversion: 1\r\n```\r\n\r\n  ```console journey\r\n  ▶ new\r\n\r\n  ✔ passed\r\n  ```\r\nend"
        )
        #expect(throws: CommandFailure.self) {
            try GuideRewrite.replacing([(transcript, ["```"])], in: text, file: "g.md")
        }
    }

    @Test func anUpdateInAQuoteOrAnItemKeepsItsPrefixesByteForByte() throws {
        let quoted =
            "1. Run:\r\n\r\n   ```yaml journey\r\n   version: 1\r\n   ```\r\n   > ```console journey\r\n   > old\r\n   > ```\r\nend"
        let guide = Guide(file: "g.md", text: quoted)
        let transcript = try #require(guide.blocks.first?.transcript)
        let rewritten = try GuideRewrite.replacing(
            [(transcript, ["▶ new", "", "✔ passed"])], in: quoted, file: "g.md")
        #expect(
            rewritten
                == "1. Run:\r\n\r\n   ```yaml journey\r\n   version: 1\r\n   ```\r\n   > ```console journey\r\n   > ▶ new\r\n   >\r\n   > ✔ passed\r\n   > ```\r\nend"
        )
        #expect(throws: CommandFailure.self) {
            try GuideRewrite.replacing([(transcript, ["```"])], in: quoted, file: "g.md")
        }
        let listed = "- ```yaml journey\n  version: 1\n  ```\n\n- ```console journey\n  ```\n"
        let item = Guide(file: "g.md", text: listed)
        let empty = try #require(item.blocks.first?.transcript)
        #expect(
            try GuideRewrite.replacing([(empty, ["▶ a", "", "b"])], in: listed, file: "g.md")
                == "- ```yaml journey\n  version: 1\n  ```\n\n- ```console journey\n  ▶ a\n\n  b\n  ```\n")
    }
}

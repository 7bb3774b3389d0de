import JourneyCore
import Testing

/// The fence rules of CommonMark that decide where a guide's blocks start and end.
@Suite struct FencedBlockScannerTests {
    @Test func backtickAndTildeFencesWithTheirInfoStrings() throws {
        let text = "# Title\n\n```yaml journey file=a.yaml\nversion: 1\n```\n\n~~~console journey\n▶ a\n~~~\n"
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.info) == ["yaml journey file=a.yaml", "console journey"])
        #expect(blocks.map(\.openingLine) == [3, 7])
        #expect(blocks.map(\.closingLine) == [5, 9])
        #expect(blocks.map(\.lines) == [["version: 1"], ["▶ a"]])
        #expect(blocks[0].infoWords == ["yaml", "journey", "file=a.yaml"])
    }

    @Test func aBlockEndsOnlyAtAFenceOfItsCharacterAtLeastAsLong() throws {
        let text = "````markdown\n```yaml journey\n~~~\n```\n`````\nafter\n"
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.count == 1)
        #expect(blocks[0].lines == ["```yaml journey", "~~~", "```"])
        #expect(blocks[0].closingLine == 5)
    }

    @Test func aClosingFenceIsFollowedByBlanksOnly() throws {
        let blocks = try FencedBlockScanner.blocks(in: "```\na\n``` not a close\n```  \n")
        #expect(blocks.map(\.lines) == [["a", "``` not a close"]])
    }

    @Test func indentationUpToThreeSpacesIsTakenOffTheContent() throws {
        let blocks = try FencedBlockScanner.blocks(in: "  ```yaml\n    a: 1\n b: 2\nc: 3\n   ```\n")
        #expect(blocks.count == 1)
        #expect(blocks[0].indent == 2)
        #expect(blocks[0].lines == ["  a: 1", "b: 2", "c: 3"])
    }

    @Test func fourSpacesOrATabOrABacktickInTheInfoStringIsNoFence() throws {
        #expect(try FencedBlockScanner.blocks(in: "    ```\n    a\n    ```\n").isEmpty)
        #expect(try FencedBlockScanner.blocks(in: "\t```\na\n\t```\n").isEmpty)
        // A backtick in the info string: the first line opens nothing, the last one does.
        #expect(try FencedBlockScanner.blocks(in: "``` a`b\nc\n```\n").map(\.openingLine) == [3])
        #expect(try FencedBlockScanner.blocks(in: "``not a fence``\n").isEmpty)
        #expect(try FencedBlockScanner.blocks(in: "~~~ a`b\nc\n~~~\n").map(\.info) == ["a`b"])
    }

    @Test func anUnclosedBlockRunsToTheEndOfTheDocument() throws {
        let blocks = try FencedBlockScanner.blocks(in: "```yaml\na: 1\nb: 2")
        #expect(blocks.count == 1)
        #expect(blocks[0].closingLine == nil)
        #expect(blocks[0].lines == ["a: 1", "b: 2"])
    }

    @Test func windowsLineEndsAreLineEnds() throws {
        let text = "```yaml\r\na: 1\r\n```\r\nafter\r\n"
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.lines) == [["a: 1"]])
        #expect(blocks.map(\.closingLine) == [3])
        #expect(MarkdownLines.withEnds(text).joined() == text)
        #expect(MarkdownLines.withEnds(text).count == 4)
    }

    /// CommonMark ends a line at `\r` alone too: a guide saved with old Mac line ends has its blocks
    /// (it read as one line, no block, and ran nothing: issue 36).
    @Test func carriageReturnsAloneAndMixedLineEndsAreLineEnds() throws {
        let text = "# T\r\r```yaml journey\ra: 1\r\rb: 2\r```\rafter\n```yaml\r\nc: 3\n```\r"
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.lines) == [["a: 1", "", "b: 2"], ["c: 3"]])
        #expect(blocks.map(\.openingLine) == [3, 9])
        #expect(blocks.map(\.closingLine) == [7, 11])
        #expect(MarkdownLines.withEnds(text).joined() == text)
        #expect(MarkdownLines.withEnds(text).count == 11)
        #expect(MarkdownLines.withEnds(text).map(MarkdownLines.ending(of:)).suffix(4) == ["\n", "\r\n", "\n", "\r"])
    }

    @Test func blocksInsideListItemsLoseTheItemsIndentation() throws {
        let text = """
            1. Log in:

               ```yaml journey
               a: 1
                 b: 2
               ```
            2) Then:
               ```
               x
               ```
            - ```yaml
              c
              ```
            * Last:

              ~~~
              d
              ~~~
            """
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.lines) == [["a: 1", "  b: 2"], ["x"], ["c"], ["d"]])
        #expect(blocks.map(\.openingLine) == [3, 8, 11, 16])
        #expect(blocks.map(\.closingLine) == [6, 10, 13, 18])
        #expect(blocks.map(\.column) == [4, 4, 3, 3])
        #expect(blocks.map(\.prefix) == ["   ", "   ", "  ", "  "])
    }

    @Test func aFenceInAnItemMayBeIndentedUpToThreeSpacesPastItsContent() throws {
        let blocks = try FencedBlockScanner.blocks(in: "1. x\n\n      ```\n      a\n    b\n      ```\n")
        #expect(blocks.map(\.lines) == [["a", "b"]])
        #expect(blocks.map(\.indent) == [3])
        #expect(blocks.map(\.column) == [7])
        #expect(blocks.map(\.prefix) == ["      "])
        // Four spaces past the content: an indented code block, no fence.
        #expect(try FencedBlockScanner.blocks(in: "1. x\n\n       ```\n       a\n       ```\n").isEmpty)
        // A nested item's content column is its own.
        let nested = try FencedBlockScanner.blocks(in: "1. x\n   - y\n     ```\n     a\n     ```\n")
        #expect(nested.map(\.lines) == [["a"]])
        #expect(nested.map(\.prefix) == ["     "])
    }

    @Test func blocksInsideBlockQuotesNestedOrInsideItems() throws {
        let text = """
            > ```console journey
            > ▶ a
            >
            > ```

            > > ~~~
            > > b
            > > ~~~

            1. Step
               > ```
               > c
               > ```
            """
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.lines) == [["▶ a", ""], ["b"], ["c"]])
        #expect(blocks.map(\.openingLine) == [1, 6, 11])
        #expect(blocks.map(\.closingLine) == [4, 8, 13])
        #expect(blocks.map(\.column) == [3, 5, 6])
        #expect(blocks.map(\.prefix) == ["> ", "> > ", "   > "])
    }

    @Test func aBlockEndsWithItsContainer() throws {
        // A line less indented than the item's content ends the item and the block in it; that
        // line's fence then opens a block of its own.
        let list = try FencedBlockScanner.blocks(in: "1. x\n   ```\n   a\nb\n```\nc\n")
        #expect(list.map(\.lines) == [["a"], ["c"]])
        #expect(list.map(\.closingLine) == [nil, nil])
        #expect(list.map(\.openingLine) == [2, 5])
        // A line without `>` ends the quote.
        let quote = try FencedBlockScanner.blocks(in: "> ```\n> a\n\n```\nb\n```\n")
        #expect(quote.map(\.lines) == [["a"], ["b"]])
        #expect(quote.map(\.closingLine) == [nil, 6])
        // A paragraph's lazy continuation line keeps the item open.
        let lazy = try FencedBlockScanner.blocks(in: "1. Step\ncontinued\n   ```\n   a\n   ```\n")
        #expect(lazy.map(\.prefix) == ["   "])
        #expect(lazy.map(\.closingLine) == [5])
    }

    @Test func aThematicBreakIsNoList() throws {
        let blocks = try FencedBlockScanner.blocks(in: "- - -\n```\na\n```\n* * *\n")
        #expect(blocks.map(\.column) == [1])
        #expect(blocks.map(\.lines) == [["a"]])
    }

    @Test func blocksInsideAnHTMLCommentAreNotRead() throws {
        let text = """
            <!--
            ```yaml journey
            a: 1
            ```
            -->
            <!-- one line --> then
            ```b
            ```
            1. x
               <!-- a comment
               ```c
               ```
               -->
            """
        let blocks = try FencedBlockScanner.blocks(in: text)
        #expect(blocks.map(\.info) == ["b"])
        // A comment that is not at the start of a line is no HTML block.
        #expect(try FencedBlockScanner.blocks(in: "text <!--\n```d\n```\n").map(\.info) == ["d"])
    }

    @Test func aDocumentPastTheLimitsIsRefused() throws {
        #expect(throws: FencedBlockScanner.TooLarge.self) {
            try FencedBlockScanner.blocks(
                in: String(repeating: "```\n```\n", count: FencedBlockScanner.maximumBlocks + 1))
        }
        #expect(throws: FencedBlockScanner.TooLarge.self) {
            try FencedBlockScanner.blocks(in: String(repeating: "a", count: SourceFile.maximumBytes + 1))
        }
        #expect(throws: FencedBlockScanner.TooLarge.self) {
            try FencedBlockScanner.blocks(
                in: String(repeating: "> ", count: FencedBlockScanner.maximumDepth + 1) + "```\n```\n")
        }
        #expect(
            try FencedBlockScanner.blocks(in: String(repeating: "> ", count: FencedBlockScanner.maximumDepth) + "```\n")
                .count == 1)
    }
}

/// The diff a transcript that differs is reported with.
@Suite struct UnifiedDiffTests {
    static func lines(_ texts: [String]) -> [UnifiedDiff.Line] { texts.map { .init(key: $0, text: $0) } }

    @Test func equalKeysGiveNoHunk() {
        let old = [UnifiedDiff.Line(key: "a <duration>", text: "a 1 ms")]
        let new = [UnifiedDiff.Line(key: "a <duration>", text: "a 2 ms")]
        #expect(UnifiedDiff.hunks(old: old, new: new).isEmpty)
    }

    @Test func aChangedLineWithItsContextAndTheLineNumbersGiven() {
        let old = Self.lines(["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        var changed = old
        changed[4] = .init(key: "five", text: "five")
        #expect(
            UnifiedDiff.hunks(old: old, new: changed, oldStart: 40, newStart: 40) == [
                "@@ -41,7 +41,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8",
            ])
    }

    @Test func linesAddedToAnEmptySideAndChangesFarApartAreTwoHunks() {
        #expect(
            UnifiedDiff.hunks(old: [], new: Self.lines(["a", "b"]), oldStart: 5, newStart: 5) == [
                "@@ -4,0 +5,2 @@", "+a", "+b",
            ])
        let old = Self.lines((1...20).map(String.init))
        var new = old
        new[0] = .init(key: "x", text: "x")
        new[19] = .init(key: "y", text: "y")
        let hunks = UnifiedDiff.hunks(old: old, new: new)
        #expect(hunks.filter { $0.hasPrefix("@@") } == ["@@ -1,4 +1,4 @@", "@@ -17,4 +17,4 @@"])
    }
}

import Testing
import Yams

@testable import JourneyRecording

/// The importer gives Yams scalars whose tags are resolved already (Yams resolves an implicit
/// tag by regular expressions before it emits, and libyaml never writes it): the text is the same.
@Suite struct ImportedScriptEmittingTests {
    static let texts = [
        "NameCallback", "true", "True", "yes", "no", "null", "~", "", "1", "0x1F", "1e3", ".inf", "-.NaN",
        "2026-11-29", "a: b", "- x", "#c", "{{ x }}", "'q'", "\"d\"", "\u{FEFF}lead", "line\u{2028}sep", "tab\tin",
        " spaced ", "ünï", "@at", "`tick", "%pct", "|bar", ">gt", "*star", "&amp", "!bang", "?q", ",",
    ]

    @Test func resolvedTagsWriteTheSameText() throws {
        let nodes: [Node] = Self.texts.flatMap { text in
            [Node.plain(text), Node.text(text), Node.reference(to: text.isEmpty ? "x" : "v")]
        }
        let document = Node.block(
            Self.texts.enumerated().map { index, text in ("k\(index)", Node.flow([("in", .text(text))])) }
                + [("list", Node.blockList(nodes)), ("flow", Node.flow(nodes))]
                + Self.texts.map { ($0.isEmpty ? "empty" : $0, Node.plain($0)) })
        let asBefore = try Yams.serialize(node: document, indent: 2, width: -1, allowUnicode: true)
        let now = try Yams.serialize(node: document.withScalarTagsResolved, indent: 2, width: -1, allowUnicode: true)
        #expect(now == asBefore)
        #expect(asBefore.contains("'true'"))
    }
}

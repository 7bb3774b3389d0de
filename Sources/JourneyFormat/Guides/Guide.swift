import Foundation
import JourneyCore

/// A Markdown file read as scripts: each fenced block whose info string is `yaml journey` is a
/// script (`yaml journey file=NAME.yaml` names it for `uses:`), and a `console journey` block
/// right after one (the next fenced block) is its transcript, what running it prints.
package struct Guide: Sendable {
    package let file: String
    package let text: String
    package let blocks: [GuideBlock]
    /// Problems of the Markdown itself: an unknown attribute, a name used twice, a transcript
    /// without a script, a block never closed.
    package let diagnostics: [Diagnostic]

    /// The most `yaml journey` blocks one guide may hold.
    package static let maximumScripts = 1_000

    /// Whether `path` names a Markdown file (`.md` or `.markdown`).
    package static func isMarkdown(_ path: String) -> Bool {
        path.hasSuffix(".md") || path.hasSuffix(".markdown")
    }

    /// Reads the guide at `path`; a file that cannot be read is its one diagnostic.
    package static func read(_ path: String) -> Guide {
        do {
            return Guide(file: path, text: try SourceFile.read(path))
        } catch {
            return Guide(file: path, text: "", blocks: [], diagnostics: [error])
        }
    }

    private init(file: String, text: String, blocks: [GuideBlock], diagnostics: [Diagnostic]) {
        self.file = file
        self.text = text
        self.blocks = blocks
        self.diagnostics = diagnostics
    }

    package init(file: String, text: String) {
        self.file = file
        self.text = text
        let fenced: [FencedBlock]
        do {
            fenced = try FencedBlockScanner.blocks(in: text)
        } catch {
            blocks = []
            diagnostics = [.error(error.description, at: SourceLocation(file: file, line: 1, column: 1))]
            return
        }
        var reader = GuideReader(file: file)
        blocks = reader.read(fenced)
        diagnostics = reader.diagnostics
    }

    /// The block a `uses:` path leads to (resolved from the guide's folder), if a block is named so.
    package func block(atPath path: String) -> GuideBlock? {
        let wanted = Self.standardized(path)
        return blocks.first { block in
            block.name.map { Self.standardized(ReferencedFiles.resolve($0, from: file)) == wanted } ?? false
        }
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// Tells a guide's script and transcript blocks from its other fenced blocks.
private struct GuideReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    mutating func read(_ fenced: [FencedBlock]) -> [GuideBlock] {
        var blocks: [GuideBlock] = []
        var names = Set<String>()
        var index = 0
        while index < fenced.count {
            let block = fenced[index]
            index += 1
            let words = block.infoWords
            if Self.isTranscript(words) {
                error("a `console journey` transcript must come right after a `yaml journey` block", at: block)
                continue
            }
            guard words.count >= 2, words[0] == "yaml", words[1] == "journey" else { continue }
            guard blocks.count < Guide.maximumScripts else {
                error("a guide holds at most \(Guide.maximumScripts) `yaml journey` blocks", at: block)
                break
            }
            guard block.closingLine != nil else {
                error("this `yaml journey` block is never closed", at: block)
                continue
            }
            let name = self.name(words.dropFirst(2), at: block)
            if let name, !names.insert(name).inserted {
                error("another `yaml journey` block of this guide is named \(name) already", at: block)
            }
            var transcript: FencedBlock?
            if index < fenced.count, Self.isTranscript(fenced[index].infoWords) {
                transcript = fenced[index]
                if fenced[index].closingLine == nil {
                    error("this `console journey` block is never closed", at: fenced[index])
                }
                index += 1
            }
            blocks.append(GuideBlock(guide: file, fence: block, name: name, transcript: transcript))
        }
        return blocks
    }

    private static func isTranscript(_ words: [String]) -> Bool {
        words.count >= 2 && words[0] == "console" && words[1] == "journey"
    }

    /// The `file=NAME` attribute; any other attribute is an error.
    private mutating func name(_ attributes: ArraySlice<String>, at block: FencedBlock) -> String? {
        var name: String?
        for attribute in attributes {
            guard attribute.hasPrefix("file="), name == nil else {
                error(
                    "unknown attribute '\(VisibleText.escaped(attribute))' of a `yaml journey` block", at: block,
                    hint: "the one attribute is file=NAME.yaml")
                continue
            }
            let value = String(attribute.dropFirst("file=".count))
            guard value.hasSuffix(".yaml") || value.hasSuffix(".yml"), !value.contains("/"), !value.hasPrefix(".")
            else {
                error(
                    "file= names a script as a file beside the guide: a name ending in .yaml or .yml, without '/', found '\(VisibleText.escaped(value))'",
                    at: block)
                continue
            }
            name = value
        }
        return name
    }

    private mutating func error(_ message: String, at block: FencedBlock, hint: String? = nil) {
        diagnostics.append(
            .error(
                message, at: SourceLocation(file: file, line: block.openingLine, column: block.column),
                length: block.fence.length, hint: hint))
    }
}

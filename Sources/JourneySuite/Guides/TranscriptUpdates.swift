import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// The transcripts `--update-transcripts` rewrites: collected as the scripts finish (from any
/// task), written once the run is over, each guide only where its transcripts are.
package final class TranscriptUpdates: Sendable {
    private struct Pending {
        var guide: Guide
        var transcripts: [(block: FencedBlock, lines: [String])] = []
        /// The blocks whose run failed in a way their transcript does not show: the guide is not written.
        var refused: [String] = []
    }

    private let pending = Mutex<[String: Pending]>([:])

    /// Whether a failure the transcript does not show may be written into it (`--accept-failures`).
    package let acceptsFailures: Bool

    package init(acceptsFailures: Bool = false) {
        self.acceptsFailures = acceptsFailures
    }

    /// Keeps `lines` as the new content of `transcript` in `guide`.
    package func record(_ lines: [String], for transcript: FencedBlock, in guide: Guide) {
        pending.withLock { pending in
            pending[guide.file, default: Pending(guide: guide)].transcripts.append((transcript, lines))
        }
    }

    /// Keeps `guide` as it is: its block `block` (`guide.md#L40`) failed, and its transcript does not show that failure.
    package func refuse(_ block: String, in guide: Guide) {
        pending.withLock { pending in
            pending[guide.file, default: Pending(guide: guide)].refused.append(block)
        }
    }

    /// Rewrites each guide with a changed transcript; one line per guide says what changed. A
    /// guide changed on disk since the run read it is not written (exit 2), nor one whose new
    /// transcript would end its block early. A guide with a refused block is left byte for byte
    /// as it is, and its line names the blocks.
    package func write() throws(CommandFailure) -> [String] {
        let guides = pending.withLock { $0 }.values.sorted { $0.guide.file < $1.guide.file }
        var messages: [String] = []
        for item in guides {
            let file = item.guide.file
            guard item.refused.isEmpty else {
                messages.append(
                    "not updated: \(file): \(item.refused.sorted().joined(separator: ", ")) did not pass, "
                        + "and the transcript does not show that failure (--accept-failures writes it)")
                continue
            }
            let current: String
            do {
                current = try SourceFile.read(file)
            } catch {
                throw CommandFailure("--update-transcripts: cannot read \(file) again: \(error.message)")
            }
            guard current == item.guide.text else {
                throw CommandFailure("--update-transcripts: \(file) changed during the run; it was not updated")
            }
            let rewritten = try GuideRewrite.replacing(item.transcripts, in: current, file: file)
            guard rewritten.utf8.count <= SourceFile.maximumBytes else {
                throw CommandFailure(
                    "--update-transcripts: the new transcripts would make \(file) \(rewritten.utf8.count) bytes, more than the limit of \(SourceFile.maximumBytes) bytes for a script; it was not updated"
                )
            }
            try OutputFile.write(rewritten, to: file)
            messages.append("updated \(Plural.count(item.transcripts.count, "transcript")) in \(file)")
        }
        return messages
    }
}

/// A guide's text with some fenced blocks' contents replaced, every other byte kept.
package enum GuideRewrite {
    /// `text` with the content of each block replaced by its lines (after its ``FencedBlock/prefix``:
    /// its list items' indentation and block quotes' `>` as written, and its fence's indentation; a
    /// blank line gets the prefix without its trailing blanks), with the line ends of its opening
    /// fence line. An unclosed block is left as it is.
    package static func replacing(
        _ replacements: [(block: FencedBlock, lines: [String])], in text: String, file: String
    ) throws(CommandFailure) -> String {
        var lines = MarkdownLines.withEnds(text)
        for (block, content) in replacements.sorted(by: { $0.block.openingLine > $1.block.openingLine }) {
            guard let closing = block.closingLine, block.openingLine - 1 < lines.count else { continue }
            let ending = MarkdownLines.ending(of: lines[block.openingLine - 1])
            let blank = String(block.prefix.reversed().drop { $0 == " " }.reversed())
            let indent = String(repeating: " ", count: block.indent)
            var replacement: [Substring] = []
            for line in content {
                let written = line.isEmpty ? blank : block.prefix + line
                if FencedBlock.closes(
                    Substring(indent + line), character: block.fence.character, length: block.fence.length)
                {
                    throw CommandFailure(
                        "--update-transcripts: the new transcript at \(file):\(block.openingLine) holds a line that would close its block: use a longer fence"
                    )
                }
                replacement.append(Substring(written + ending))
            }
            lines.replaceSubrange(block.openingLine..<(closing - 1), with: replacement)
        }
        return lines.joined()
    }
}

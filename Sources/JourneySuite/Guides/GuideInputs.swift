import JourneyCore
import JourneyFormat

/// What `journey run` and `lint` do with the bytes of a Markdown guide before anything runs,
/// for the fuzz target (``Guide``, ``TranscriptNormalization``, ``UnifiedDiff``, ``GuideRewrite``).
package enum GuideInputs {
    package static func read(_ bytes: [UInt8]) {
        guard let text = try? SourceFile.decode(bytes, file: "fuzz.md") else { return }
        let guide = Guide(file: "fuzz.md", text: text)
        var rewrites: [(block: FencedBlock, lines: [String])] = []
        for block in guide.blocks {
            _ = ScriptLoader.lint(block: block, in: guide)
            guard let transcript = block.transcript else { continue }
            let normalization = TranscriptNormalization(guide: guide.file)
            let old = transcript.lines.map { UnifiedDiff.Line(key: normalization.normalized(line: $0), text: $0) }
            let new = Array(old.reversed())
            _ = UnifiedDiff.hunks(old: old, new: new, oldStart: transcript.firstContentLine)
            rewrites.append((transcript, transcript.lines.reversed()))
        }
        _ = try? GuideRewrite.replacing(rewrites, in: text, file: guide.file)
    }
}

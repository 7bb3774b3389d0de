import JourneyCore
import JourneyFormat
import JourneyReport
import JourneyRun

/// A guide block's transcript (its `console journey` block) compared with what its run printed.
///
/// What is compared: the script's console block as `journey run` prints it, from its `▶` header
/// to its verdict line, without colour and without `--verbose` details; the run's summary line
/// (`1 passed, 0 failed ...`) is not part of it. The transcript of a script that is invalid is not
/// compared: its diagnostics are the failure. Both sides are normalized first
/// (``TranscriptNormalization``). A difference is a failure of the script, with a unified diff
/// whose line numbers are the guide's; a match of a run that failed its expectations is a
/// failure the guide documents (``JourneyResult/documentedFailure``), which does not fail the run.
package enum TranscriptCheck {
    /// What `journey run` prints for `result`, as a transcript holds it.
    package static func printed(_ result: JourneyResult) -> [String] {
        let console = ConsoleReporter(
            useColor: false, verbose: false, sources: SourceProvider { try? SourceFile.read($0) })
        return console.render(result).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `result` with its transcript checked: a failure added when they differ, or with `updates`
    /// (`--update-transcripts`) the run's lines kept there to rewrite the transcript.
    package static func checked(
        _ result: JourneyResult, block: GuideBlock, in guide: Guide, updates: TranscriptUpdates?
    ) -> JourneyResult {
        // An invalid script ran nothing: its diagnostics, at the guide's lines, say what to fix.
        guard let transcript = block.transcript, result.status != .invalid else { return result }
        let normalization = TranscriptNormalization(guide: guide.file)
        let printed = printed(result)
        let expected = lines(transcript.lines, normalization)
        let actual = lines(printed, normalization)
        var result = result
        let place = SourceLocation(file: guide.file, line: transcript.openingLine, column: transcript.column)
        let placeText = "\(guide.file):\(transcript.openingLine)"
        let same = expected.map(\.key) == actual.map(\.key)
        if same || updates != nil {
            if !same { updates?.record(printed, for: transcript, in: guide) }
            if result.status == .failed { result.documentedFailure = place }
            return result
        }
        let hunks = UnifiedDiff.hunks(
            old: expected, new: actual, oldStart: transcript.firstContentLine, newStart: transcript.firstContentLine)
        let diff = ["--- \(placeText) (transcript)", "+++ journey run"] + hunks
        result.failures.append(
            ExpectationFailure(
                "the transcript at \(placeText) differs from what the run printed "
                    + "(fix the script or the guide; --update-transcripts rewrites it):\n"
                    + diff.map { "  " + VisibleText.escaped($0) }.joined(separator: "\n")))
        return result
    }

    /// The lines compared: each with its normalized key, trailing blank lines left out.
    private static func lines(_ lines: [String], _ normalization: TranscriptNormalization) -> [UnifiedDiff.Line] {
        var result = lines.map { UnifiedDiff.Line(key: normalization.normalized(line: $0), text: $0) }
        while result.last?.key.isEmpty == true { result.removeLast() }
        return result
    }
}

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
/// `--update-transcripts` never makes a new failure documented on its own: a run that did not
/// pass, whose failure its transcript does not show, is refused unless `--accept-failures`.
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
        let blesses = updates.map { !$0.acceptsFailures && blessesFailure(result, expected, actual) } ?? false
        if same || (updates != nil && !blesses) {
            if !same { updates?.record(printed, for: transcript, in: guide) }
            if result.status == .failed { result.documentedFailure = place }
            return result
        }
        let why: String
        if blesses {
            updates?.refuse(result.file, in: guide)
            why =
                "the run did not pass, and the transcript at \(placeText) does not show this failure: "
                + "--update-transcripts does not write it (fix the script or the server; "
                + "--accept-failures writes it when the guide is to show it):\n"
        } else {
            why =
                "the transcript at \(placeText) differs from what the run printed "
                + "(fix the script or the guide; --update-transcripts rewrites it):\n"
        }
        let hunks = UnifiedDiff.hunks(
            old: expected, new: actual, oldStart: transcript.firstContentLine, newStart: transcript.firstContentLine)
        let diff = ["--- \(placeText) (transcript)", "+++ journey run"] + hunks
        result.failures.append(
            ExpectationFailure(why + diff.map { "  " + VisibleText.escaped($0) }.joined(separator: "\n")))
        return result
    }

    /// Whether writing the run into the transcript would make a failure the guide's example: the
    /// run did not pass, and its failure lines (`✗` and the verdict `✘`) are not those the
    /// transcript shows already. A transcript that documents the same failure may be updated
    /// around it (a changed step line); a new or different failure needs `--accept-failures`.
    private static func blessesFailure(
        _ result: JourneyResult, _ expected: [UnifiedDiff.Line], _ actual: [UnifiedDiff.Line]
    ) -> Bool {
        guard result.status != .passed else { return false }
        func failureLines(_ lines: [UnifiedDiff.Line]) -> [String] {
            lines.map(\.key).filter { key in
                let text = key.drop { $0 == " " }
                return text.hasPrefix("✗") || text.hasPrefix("✘")
            }
        }
        return failureLines(expected) != failureLines(actual)
    }

    /// The lines compared: each with its normalized key, trailing blank lines left out.
    private static func lines(_ lines: [String], _ normalization: TranscriptNormalization) -> [UnifiedDiff.Line] {
        var result = lines.map { UnifiedDiff.Line(key: normalization.normalized(line: $0), text: $0) }
        while result.last?.key.isEmpty == true { result.removeLast() }
        return result
    }
}

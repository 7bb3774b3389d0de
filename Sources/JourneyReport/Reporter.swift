import JourneyRun

/// Turns results into text. The runner never prints; the CLI asks a reporter for text and
/// writes it.
///
/// Scripts run concurrently (`--jobs`), so a reporter is told about each script when it
/// finishes, and the text it returns is written as one block, never interleaved with
/// another script's. Reporters that need the whole run (JSON, JUnit) return an empty string
/// per script and write everything in ``finish(_:)``.
package protocol Reporter: Sendable {
    /// The text for one finished script: written at once, as one block. Empty when the
    /// reporter writes nothing until the end.
    func scriptFinished(_ result: JourneyResult) -> String

    /// The text written after every script has finished.
    func finish(_ summary: RunSummary) -> String

    /// The text of ``finish(_:)`` handed to `sink` in pieces: a reporter whose text may be too
    /// large to hold whole (JSON, with its bodies) writes it as it goes.
    func finish(_ summary: RunSummary, to sink: (String) throws -> Void) rethrows
}

extension Reporter {
    package func finish(_ summary: RunSummary, to sink: (String) throws -> Void) rethrows {
        try sink(finish(summary))
    }
}

import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit
import Synchronization

/// Writes results as scripts finish: one block per script on stdout, never interleaved, and
/// the summary (or the whole machine report) at the end.
final class OutputSink: Sendable {
    private let reporter: any Reporter
    private let lock = Mutex(())

    /// Colour only on a terminal, without `--no-color` and without a non-empty `NO_COLOR` (no-color.org).
    init(format: ReportFormat, verbose: Bool, noColor: Bool) {
        let sources = SourceProvider { try? SourceFile.read($0) }
        let noColorVariable = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let useColor = !noColor && !noColorVariable && isatty(STDOUT_FILENO) != 0
        let console = ConsoleReporter(useColor: useColor, verbose: verbose, sources: sources)
        reporter = format.reporter(console: console)
    }

    func scriptFinished(_ result: JourneyResult) {
        let text = reporter.scriptFinished(result)
        guard !text.isEmpty else { return }
        lock.withLock { _ in write(text) }
    }

    /// The summary of `results`; `wallSeconds`, the run's measured wall time, stands for the
    /// span of the scripts' start times, which in a replay are the recordings' own dates.
    func finish(_ results: [JourneyResult], wallSeconds: Double? = nil, shard: Shard? = nil) -> RunSummary {
        let summary = RunSummary(results: results, duration: wallSeconds, shard: shard)
        // Written as the reporter makes it (the JSON report a script at a time), in large writes.
        lock.withLock { _ in
            var buffer = ""
            reporter.finish(summary) { piece in
                if buffer.utf8.count >= 1 << 16 {
                    writeRaw(buffer)
                    buffer = ""
                }
                buffer += piece
            }
            write(buffer)
        }
        return summary
    }

    /// One line of its own on stdout (`--watch`'s separators), never inside a script's block.
    func note(_ line: String) {
        lock.withLock { _ in write(line) }
    }

    /// Set once stdout is gone (`journey run … | head`): the run goes on to its verdict and exit code.
    private let outputClosed = Atomic(false)

    /// Whether a write found stdout gone (a watch then stops: nobody reads its reruns).
    var isClosed: Bool { outputClosed.load(ordering: .relaxed) }

    /// Writes `text` and a line end unless it ends with one.
    private func write(_ text: String) {
        writeRaw(text.hasSuffix("\n") ? text : text + "\n")
    }

    private func writeRaw(_ text: String) {
        guard !outputClosed.load(ordering: .relaxed) else { return }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            outputClosed.store(true, ordering: .relaxed)
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}

import JourneyCore
import JourneyRun

/// Console output for people: QA engineers reading CI logs, developers at a terminal.
///
/// Each script is one block, written when the script finishes:
///
/// ```
/// ▶ Login  (journeys/login.yaml)
///   step 1  POST /am/json/realms/root/realms/alpha/authenticate  200  12.3 ms
///     NameCallback "User Name" ← demo
///     PasswordCallback "Password" ← «password»
///   step 2  POST /am/json/realms/root/realms/alpha/authenticate  200  8.1 ms
/// ✔ passed  success (session created)  2 steps, 41 ms
/// ```
///
/// and the run ends with a summary line such as `3 passed, 1 failed, 0 errors (4 scripts) in 0.35 s`.
/// The full format is described in docs/reports.md.
public struct ConsoleReporter: Reporter {
    /// Use ANSI colours. Pass `true` only when writing to a terminal and `NO_COLOR` is unset.
    package var useColor: Bool
    /// Also show request and response headers and bodies (already redacted), which handler
    /// answered each callback, and the run's transport time.
    package var verbose: Bool
    /// Script texts, to show the offending line under a diagnostic.
    package var sources: SourceProvider

    public init(useColor: Bool = false, verbose: Bool = false, sources: SourceProvider = .none) {
        self.useColor = useColor
        self.verbose = verbose
        self.sources = sources
    }

    private var style: ConsoleStyle { ConsoleStyle(useColor: useColor) }

    /// One script's whole block, lines separated by `\n`, without a trailing newline.
    public func render(_ result: JourneyResult) -> String {
        var lines = [header(result)]
        if verbose { lines += details(result) }
        lines += result.diagnostics.flatMap(diagnosticLines)
        let placement = FailurePlacement(result)
        for step in result.steps {
            lines += self.step(step, failures: placement.byStep[step.number] ?? [])
        }
        lines += placement.general.map { "  " + failure($0) }
        if !result.attempts.isEmpty {
            lines.append("  " + style.paint(ConsoleVerdict.attemptsLine(result.attempts), .dim))
        }
        // A flaky verdict line says how often it passed; why the other attempts did not is here.
        if result.status == .flaky {
            let failing = result.attempts.enumerated().filter { $0.element.status != .passed }
            for (index, attempt) in failing.prefix(ConsoleVerdict.explainedAttempts) {
                let text = VisibleText.escaped("attempt \(index + 1): " + ConsoleVerdict.attemptText(attempt))
                lines.append("  " + style.paint(text, .red))
            }
            if failing.count > ConsoleVerdict.explainedAttempts {
                let more = failing.count - ConsoleVerdict.explainedAttempts
                lines.append(
                    "  "
                        + style.paint(
                            "… \(more) more attempts did not pass (the JSON report lists every attempt)", .red))
            }
        }
        lines.append(ConsoleVerdict(style: style).line(for: result))
        if verbose, result.status != .invalid { lines.append(timing(result)) }
        return lines.joined(separator: "\n")
    }

    /// The closing line, e.g. `3 passed, 1 failed, 0 errors (4 scripts) in 0.35 s`; `, 1 invalid`
    /// follows the errors when any script was invalid, `, 1 flaky` when a script run several times
    /// (`--repeat`) passed on some attempts only. The counts always read `N passed, N failed`.
    /// A count that includes scripts which do not fail the run says how many, so a line that
    /// counts failures over an exit code of 0 explains itself: `1 failed (1 documented)` (a
    /// guide's transcript shows the failure), `1 flaky (1 allowed)` (`--allow-flaky`); a run whose
    /// documented failures leave it at exit 0 says so at the end of the line.
    package func renderSummary(_ summary: RunSummary) -> String {
        var counts =
            "\(summary.passed) passed, \(summary.failed) failed"
            + Self.excused(summary.documentedFailures, "documented") + ", "
            + Plural.count(summary.errored, "error")
        if summary.invalid > 0 { counts += ", \(summary.invalid) invalid" }
        if summary.mismatched > 0 { counts += ", \(summary.mismatched) replay mismatched" }
        if summary.flaky > 0 { counts += ", \(summary.flaky) flaky" + Self.excused(summary.allowedFlaky, "allowed") }
        var line =
            "\(counts) (\(Plural.count(summary.total, "script"))) in \(ReportTime.seconds(summary.duration))"
        if summary.exitCode == 0 && summary.documentedFailures > 0 { line += Self.documentedExit(summary) }
        // Painted as a whole so the counts stay one contiguous text for tools that read them.
        return style.paint(line, summary.exitCode == 0 ? .green : .red)
    }

    /// Why a run that counts failures exits 0: `; exit 0: the failure is one its guide's transcript shows`.
    private static func documentedExit(_ summary: RunSummary) -> String {
        summary.documentedFailures == 1
            ? "; exit 0: the failure is one its guide's transcript shows"
            : "; exit 0: the \(summary.documentedFailures) failures are ones their guides' transcripts show"
    }

    /// ` (N documented)` after a count, for the `count` scripts in it that ask for exit 0; empty when none.
    private static func excused(_ count: Int, _ why: String) -> String {
        count > 0 ? " (\(count) \(why))" : ""
    }

    package func scriptFinished(_ result: JourneyResult) -> String { render(result) }

    package func finish(_ summary: RunSummary) -> String { renderSummary(summary) }

    // MARK: - Parts of a block

    private func header(_ result: JourneyResult) -> String {
        let title = result.name.isEmpty ? result.file : "\(result.name)  (\(result.file))"
        return style.paint("▶ \(title)", .bold)
    }

    private func details(_ result: JourneyResult) -> [String] {
        var lines: [String] = []
        if let server = result.server { lines.append("  server \(server)") }
        if !result.tags.isEmpty { lines.append("  tags \(result.tags.joined(separator: ", "))") }
        lines.append("  started \(ReportTime.iso8601(result.startedAt, fractionalSeconds: true))")
        return lines.map { style.paint($0, .dim) }
    }

    private func diagnosticLines(_ diagnostic: Diagnostic) -> [String] {
        let source = diagnostic.location.flatMap { sources.text(of: $0.file) }
        let text = source == nil ? diagnostic.description : diagnostic.rendered(source: source)
        let tone: ConsoleStyle.Tone = diagnostic.severity == .error ? .red : .yellow
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            "  " + (index == 0 ? style.paint(String(line), tone) : VisibleText.escaped(String(line)))
        }
    }

    private func step(_ step: StepTrace, failures: [ExpectationFailure]) -> [String] {
        let exchange = step.exchange
        var line = "  step \(step.number)  "
        if let phase = step.phase { line += style.paint("[\(phase)]", .cyan) + " " }
        line += VisibleText.escaped("\(exchange.method) \(ConsoleExchange.shortURL(exchange.url))")
        line += "  \(style.status(exchange.status))  \(ReportTime.milliseconds(exchange.duration))"
        if let stage = step.stage, !stage.isEmpty { line += "  stage \(VisibleText.escaped(stage))" }
        if let waited = step.waitedSeconds { line += "  " + style.paint("waited \(ReportTime.short(waited))", .cyan) }
        var lines = [line]
        if verbose {
            if let header = step.header, !header.isEmpty {
                lines.append("    header \"\(VisibleText.escaped(header))\"")
            }
            lines += ConsoleExchange(style: style).lines(for: exchange).map { "    " + $0 }
        }
        lines += step.notes.map { "    " + style.paint("\($0.key) \($0.value)", .dim) }
        let callbacks = ConsoleCallbacks(style: style, verbose: verbose)
        lines += step.callbacks.flatMap { callbacks.lines(for: $0) }.map { "    " + $0 }
        lines += failures.map { "    " + failure($0, underStep: true) }
        return lines
    }

    /// A failure's message of several lines (a transcript's diff) is one painted line each.
    private func failure(_ failure: ExpectationFailure, underStep: Bool = false) -> String {
        var text = underStep ? failure.message : failure.description
        if underStep, let location = failure.location { text += "  (\(location))" }
        // Each line escaped: a message quotes server text, whose control characters never reach the terminal.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            VisibleText.escaped(String($0))
        }
        let indent = underStep ? "    " : "  "
        return
            ([style.paint("✗ \(lines.first ?? "")", .red)]
            + lines.dropFirst().map { indent + style.paint($0, .red) }).joined(separator: "\n")
    }

    private func timing(_ result: JourneyResult) -> String {
        let runner = max(0, result.duration - result.transportTime)
        let text =
            "  time \(ReportTime.milliseconds(result.duration)) total, "
            + "\(ReportTime.milliseconds(result.transportTime)) transport, \(ReportTime.milliseconds(runner)) runner"
        return style.paint(text, .dim)
    }
}

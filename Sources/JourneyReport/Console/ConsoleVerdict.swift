import JourneyCore
import JourneyRun

/// The verdict line that closes a script's block, e.g.
/// `✔ passed  success (session created)  3 steps, 41 ms`.
struct ConsoleVerdict {
    var style: ConsoleStyle

    func line(for result: JourneyResult) -> String {
        let status = result.status
        let label: String
        let detail: String
        switch status {
        case .passed:
            label = style.paint("✔ passed", .green)
            detail = result.outcome?.summary ?? "no outcome"
        case .failed:
            label = style.paint("✘ failed", .red)
            detail = result.outcome?.summary ?? "no outcome"
        case .error:
            label = style.paint("! error", .yellow)
            detail = result.error.map(Self.describe) ?? "error"
        case .flaky:
            // Yellow when allowed (the run still passes), red when it fails the run.
            label = style.paint("≈ flaky", result.flakyAllowed ? .yellow : .red)
            let passes = result.attempts.filter { $0.status == .passed }.count
            detail = "passed \(passes) of \(Plural.count(result.attempts.count, "attempt"))"
        case .invalid:
            label = style.paint("✘ invalid", .red)
            return "\(label)  \(Self.diagnosticCounts(result.diagnostics))"
        case .mismatch:
            // The diff spans several lines: headline on the verdict line, the rest below it.
            label = style.paint("≠ replay mismatch", .red)
            let place = result.error?.step.map { "at step \($0): " } ?? ""
            let lines = (result.error?.message ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            let steps = Plural.count(result.steps.count, "step")
            let headline = VisibleText.escaped("\(place)\(lines.first ?? "")")
            return
                (["\(label)  \(headline)  \(steps), \(ReportTime.short(result.duration))"]
                + lines.dropFirst().map { "  " + VisibleText.escaped(String($0)) }).joined(separator: "\n")
        }
        let steps = Plural.count(result.steps.count, "step")
        let line = "\(label)  \(VisibleText.escaped(detail))  \(steps), \(ReportTime.short(result.duration))"
        guard status == .failed, let documented = result.documentedFailure else { return line }
        return line + "\n  "
            + style.paint("as its transcript at \(documented.file):\(documented.line) shows: the guide passes", .dim)
    }

    /// `attempts: passed, failed, passed`: the verdicts of a script `--repeat` ran several times.
    /// `attempts: error, passed, passed`; a run of one verdict is counted (`passed ×998`), so a
    /// thousand attempts stay one short line.
    static func attemptsLine(_ attempts: [Attempt]) -> String {
        var runs: [(status: RunStatus, count: Int)] = []
        for attempt in attempts {
            if let last = runs.last, last.status == attempt.status {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((attempt.status, 1))
            }
        }
        return "attempts: "
            + runs.map {
                $0.count > 2
                    ? "\($0.status.rawValue) ×\($0.count)"
                    : Array(repeating: $0.status.rawValue, count: $0.count).joined(separator: ", ")
            }
            .joined(separator: ", ")
    }

    /// How many failing attempts the console and JUnit explain one by one; the JSON report has all.
    static let explainedAttempts = 10

    /// `passed`, or the verdict and the first reason, e.g. `failed: step 2: expected outcome ...`.
    static func attemptText(_ attempt: Attempt) -> String {
        if let failure = attempt.failures.first { return "\(attempt.status.rawValue): \(failure.description)" }
        if let error = attempt.error { return "\(attempt.status.rawValue): " + describe(error) }
        return attempt.status.rawValue
    }

    /// `transport error at step 2: connection refused`.
    static func describe(_ error: RunError) -> String {
        let place = error.step.map { " at step \($0)" } ?? ""
        return "\(error.kind.rawValue) error\(place): \(error.message)"
    }

    /// `2 errors, 1 warning`.
    static func diagnosticCounts(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var parts = [Plural.count(errors, "error")]
        if warnings > 0 { parts.append(Plural.count(warnings, "warning")) }
        return parts.joined(separator: ", ")
    }
}

import Foundation
import JourneyCore
import JourneyRun

/// JUnit XML for CI test views (Jenkins, GitLab, GitHub test reporters).
///
/// One `<testsuites>` for the run holding one `<testsuite name="journey">`, with a
/// `<testcase>` per script. Verdicts map as:
/// - passed → no child element;
/// - failed (expectations) → `<failure type="expectation">`, listing every failed expectation;
/// - error → `<error type="transport|protocol|script">`;
/// - replay mismatch → `<error type="mismatch">` with the diff;
/// - invalid script → `<error type="invalid">`, listing the diagnostics;
/// - flaky (`--repeat`) → `<failure type="flaky">` listing the attempts, so CI shows the script red
///   as the run's exit code does; with `--allow-flaky` a passed test case holding, as Maven Surefire
///   writes a test that passed on a rerun, a `<flakyFailure>` (or `<flakyError>`) per attempt that
///   did not pass (tools that read Surefire's rerun elements show it flaky; the others ignore them
///   and show a pass, as the exit code does).
///
/// A failed script of a Markdown guide whose transcript shows that failure (``JourneyResult/documentedFailure``)
/// keeps its `<failure>` and carries, before it, `<properties><property name="journey.documentedFailure"
/// value="guide.md:55"/></properties>` (test case properties, as pytest and Surefire write them): the
/// run exited 0 for it, and `journey report merge` reads the property to exit alike.
///
/// Each test case carries its step log (the console block, without colour) in `<system-out>`.
/// `errors` counts both errors and invalid scripts. Times are seconds with three decimals,
/// timestamps ISO 8601 in UTC. See docs/reports.md.
package enum JUnitReport {
    /// The report as an XML document, ending with a newline.
    ///
    /// - Parameter sources: script texts, to show the offending line under a diagnostic.
    package static func render(_ summary: RunSummary, sources: SourceProvider = .none) -> String {
        let failures = summary.failed + summary.flaky - summary.allowedFlaky
        let errors = summary.errored + summary.invalid + summary.mismatched
        let counts = "tests=\"\(summary.total)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        let time = "time=\"\(ReportTime.junitSeconds(summary.duration))\""
        let timestamp = "timestamp=\"\(ReportTime.iso8601(summary.startedAt))\""
        let log = ConsoleReporter(useColor: false, verbose: false, sources: sources)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"journey\" \(counts) \(time) \(timestamp)>",
            "  <testsuite name=\"journey\" \(counts) \(time) \(timestamp)>",
        ]
        if let shard = summary.shard { lines.append(shardProperty(shard)) }
        for result in summary.results {
            lines += testCase(result, log: log, sources: sources).map { "    " + $0 }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The property line that says which shard a file is from (read back by `journey report merge`).
    static func shardProperty(_ shard: Shard) -> String {
        "    <properties><property name=\"\(shardPropertyName)\" value=\"\(shard)\"/></properties>"
    }

    static let shardPropertyName = "journey.shard"

    /// The property of a test case whose failure its guide's transcript shows: its value is the
    /// transcript's place, `file:line` (read back by `journey report merge`, which needs only its presence).
    static let documentedFailurePropertyName = "journey.documentedFailure"

    /// The properties line of a failed script its guide's transcript shows, else nil.
    static func documentedFailureProperty(_ result: JourneyResult) -> String? {
        guard result.status == .failed, let place = result.documentedFailure else { return nil }
        return "  <properties><property name=\"\(documentedFailurePropertyName)\" "
            + "value=\"\(XMLEscaping.attribute("\(place.file):\(place.line)"))\"/></properties>"
    }

    static func testCase(_ result: JourneyResult, log: ConsoleReporter, sources: SourceProvider) -> [String] {
        let name = result.name.isEmpty ? result.file : result.name
        let attributes = [
            ("name", name), ("classname", className(result.file)), ("file", result.file),
            ("time", ReportTime.junitSeconds(result.duration)),
        ].map { "\($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined(separator: " ")
        var lines = ["<testcase \(attributes)>"]
        if let property = documentedFailureProperty(result) { lines.append(property) }
        if let problem = problem(result, sources: sources) {
            lines.append(
                "  <\(problem.element) type=\"\(XMLEscaping.attribute(problem.type))\" "
                    + "message=\"\(XMLEscaping.attribute(problem.message))\">"
                    + XMLEscaping.text(problem.body) + "</\(problem.element)>")
        }
        if result.status == .flaky && result.flakyAllowed {
            for attempt in result.attempts where attempt.status != .passed {
                let element = attempt.status == .failed ? "flakyFailure" : "flakyError"
                let text = ConsoleVerdict.attemptText(attempt)
                lines.append(
                    "  <\(element) type=\"\(attempt.status.rawValue)\" message=\"\(XMLEscaping.attribute(text))\">"
                        + XMLEscaping.text(text) + "</\(element)>")
            }
        }
        lines.append("  <system-out>" + XMLEscaping.text(log.render(result)) + "</system-out>")
        lines.append("</testcase>")
        return lines
    }

    /// The `<failure>` or `<error>` of a script that did not pass.
    struct Problem {
        var element: String
        var type: String
        var message: String
        var body: String
    }

    static func problem(_ result: JourneyResult, sources: SourceProvider) -> Problem? {
        switch result.status {
        case .passed:
            return nil
        case .flaky:
            if result.flakyAllowed { return nil }
            let passes = result.attempts.filter { $0.status == .passed }.count
            let body = result.attempts.enumerated().map { "attempt \($0 + 1): " + ConsoleVerdict.attemptText($1) }
            return Problem(
                element: "failure", type: "flaky",
                message: "flaky: passed \(passes) of \(Plural.count(result.attempts.count, "attempt"))",
                body: body.joined(separator: "\n"))
        case .failed:
            let failures = FailurePlacement(result).all
            let first = failures.first?.description ?? "an expectation failed"
            let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
            let outcome = result.outcome.map { ["outcome: \($0.summary)"] } ?? []
            return Problem(
                element: "failure", type: "expectation", message: first + more,
                body: (failures.map(\.description) + outcome).joined(separator: "\n"))
        case .error, .mismatch:
            let error = result.error
            let message = error.map(ConsoleVerdict.describe) ?? "error"
            return Problem(element: "error", type: error?.kind.rawValue ?? "error", message: message, body: message)
        case .invalid:
            let errors = result.diagnostics.filter { $0.severity == .error }
            let message = "invalid script: " + (errors.first?.description ?? "see diagnostics")
            let body = result.diagnostics.map { diagnostic in
                diagnostic.rendered(source: diagnostic.location.flatMap { sources.text(of: $0.file) })
            }
            return Problem(element: "error", type: "invalid", message: message, body: body.joined(separator: "\n"))
        }
    }

    /// A dotted class name from the file path, so CI views group scripts by folder:
    /// `journeys/login/recaptcha.yaml` → `journeys.login.recaptcha`.
    static func className(_ file: String) -> String {
        var path = file
        for suffix in [".yaml", ".yml"] where path.lowercased().hasSuffix(suffix) {
            path = String(path.dropLast(suffix.count))
        }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        let parts = path.split(separator: "/").map { $0.replacingOccurrences(of: ".", with: "_") }
        return parts.isEmpty ? file : parts.joined(separator: ".")
    }
}

/// A ``Reporter`` that writes the JUnit report once the run is over.
package struct JUnitReporter: Reporter {
    /// Script texts, to show the offending line under a diagnostic.
    package var sources: SourceProvider

    package init(sources: SourceProvider = .none) {
        self.sources = sources
    }

    package func scriptFinished(_ result: JourneyResult) -> String { "" }

    package func finish(_ summary: RunSummary) -> String { JUnitReport.render(summary, sources: sources) }
}

import Foundation
import JourneyCore
import JourneyRun

/// Merges journey's JUnit XML files (``JUnitReport``'s layout: one `<testsuite>` whose
/// `<testcase>` elements each start and end on a line of their own).
///
/// The test cases of all inputs in file order (a stable sort by their `file` attribute), a case
/// every shard reports alike (same name and file, from another input) kept once; the counts
/// recounted from the cases (a `<failure>` is a failure, an `<error>` an error); the suite's
/// timestamp the earliest, its time the span to the latest end. An input must be well-formed XML
/// (``XMLWellFormedness``: no DOCTYPE, no entity but XML's own), then it is read line by line,
/// never as general XML: a file of another layout is refused, not guessed at. The merged file is
/// checked as well-formed before it is written.
enum JUnitMerge {
    struct Suite {
        var timestamp: Date?
        var time: Double
        var cases: [[String]]
        /// `I/N` from the suite's `journey.shard` property; nil for an unsharded run.
        var shard: String? = nil
    }

    static func merge(_ inputs: [ReportMerge.Input]) throws(ReportMerge.Problem) -> (text: String, exitCode: Int32) {
        var cases: [(file: String, lines: [String])] = []
        var seen: [String: Int] = [:]
        var starts: [Date] = []
        var ends: [Date] = []
        var longest = 0.0
        let suites = try inputs.map { input throws(ReportMerge.Problem) in try parse(input) }
        try ShardCompleteness.check(zip(inputs, suites).map { ($0.name, $1.shard) })
        for (number, suite) in suites.enumerated() {
            longest = max(longest, suite.time)
            if let timestamp = suite.timestamp {
                starts.append(timestamp)
                ends.append(timestamp.addingTimeInterval(suite.time))
            }
            for lines in suite.cases {
                let opening = lines.first ?? ""
                let file = attribute("file", in: opening) ?? ""
                let key = file + "\u{0}" + (attribute("name", in: opening) ?? "")
                if let earlier = seen[key], earlier != number { continue }
                seen[key] = number
                cases.append((file, lines))
            }
        }
        let ordered = cases.enumerated().sorted { left, right in
            left.element.file != right.element.file
                ? left.element.file < right.element.file : left.offset < right.offset
        }.map(\.element.lines)
        let failures = ordered.filter { $0.contains { $0.hasPrefix("      <failure ") } }.count
        let errors = ordered.filter { $0.contains { $0.hasPrefix("      <error ") } }.count
        let start = starts.min()
        let duration = start.flatMap { start in ends.max().map { $0.timeIntervalSince(start) } } ?? longest
        let counts = "tests=\"\(ordered.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        let time = "time=\"\(ReportTime.junitSeconds(duration))\""
        let timestamp = "timestamp=\"\(ReportTime.iso8601(start ?? Date(timeIntervalSince1970: 0)))\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"journey\" \(counts) \(time) \(timestamp)>",
            "  <testsuite name=\"journey\" \(counts) \(time) \(timestamp)>",
        ]
        for testCase in ordered { lines += testCase }
        lines += ["  </testsuite>", "</testsuites>"]
        let text = lines.joined(separator: "\n") + "\n"
        if let problem = XMLWellFormedness.problem(text) {
            throw ReportMerge.Problem("the merged JUnit file would not be well-formed XML: \(problem)")
        }
        return (text, ordered.map(exitCode).max() ?? 0)
    }

    /// A case's exit code, from its `<failure type="...">` or `<error type="...">` (JUnitReport's
    /// types), by the run's own rule (``RunStatus/exitCode(allowingFlaky:documentedFailure:)``): a `flaky` failure
    /// is a flaky script that was not allowed; a passed case holding `<flakyFailure>` or
    /// `<flakyError>` elements is one that was; a case with the `journey.documentedFailure`
    /// property is a failed one its guide's transcript shows (only its `failed` verdict is excused).
    static func exitCode(_ testCase: [String]) -> Int32 {
        // Whatever the indentation (a merged file indents its cases deeper than a run's).
        let property = "<properties><property name=\"\(JUnitReport.documentedFailurePropertyName)\" "
        let documented = testCase.contains { $0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(property) }
        var worst: Int32 = 0
        for line in testCase {
            let status: RunStatus
            var allowingFlaky = false
            if line.hasPrefix("      <failure ") {
                status = attribute("type", in: line) == RunStatus.flaky.rawValue ? .flaky : .failed
            } else if line.hasPrefix("      <error ") {
                switch attribute("type", in: line) {
                case "invalid": status = .invalid
                case "mismatch": status = .mismatch
                default: status = .error
                }
            } else if line.hasPrefix("      <flakyFailure ") || line.hasPrefix("      <flakyError ") {
                (status, allowingFlaky) = (.flaky, true)
            } else {
                continue
            }
            worst = max(worst, status.exitCode(allowingFlaky: allowingFlaky, documentedFailure: documented))
        }
        return worst
    }

    /// The suite of one input: its time, timestamp and test cases (their lines, as written).
    static func parse(_ input: ReportMerge.Input) throws(ReportMerge.Problem) -> Suite {
        if let problem = XMLWellFormedness.problem(input.text) {
            throw ReportMerge.Problem("\(input.name): not well-formed XML: \(problem)")
        }
        let lines = input.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let open = lines.firstIndex(where: { $0.hasPrefix("  <testsuite name=\"journey\" ") }),
            let close = lines.lastIndex(of: "  </testsuite>"), open < close
        else {
            throw ReportMerge.Problem(
                "\(input.name): not a JUnit file written by journey (no <testsuite name=\"journey\">)")
        }
        var suite = Suite(
            timestamp: attribute("timestamp", in: lines[open]).flatMap(ReportTime.date(parsing:)),
            time: attribute("time", in: lines[open]).flatMap(Double.init) ?? 0, cases: [])
        // Only an element's first line carries the indentation: the text of <system-out> goes on
        // over lines of its own, kept byte for byte.
        var current: [String]?
        for line in lines[(open + 1)..<close] {
            if current == nil, suite.cases.isEmpty, suite.shard == nil, line.hasPrefix("    <properties>") {
                suite.shard = attribute("value", in: line) ?? ""
                continue
            }
            if current == nil {
                guard line.hasPrefix("    <testcase ") else {
                    throw ReportMerge.Problem(
                        "\(input.name): expected <testcase>, found: \(VisibleText.escaped(String(line.prefix(80))))")
                }
                current = []
            }
            current?.append(line)
            if line == "    </testcase>", let finished = current {
                suite.cases.append(finished)
                current = nil
            }
        }
        guard current == nil else { throw ReportMerge.Problem("\(input.name): a <testcase> is not closed") }
        return suite
    }

    /// The value of `name="..."` in an element's opening line, XML escapes kept.
    static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

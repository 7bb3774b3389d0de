import Foundation
import JourneyCore
import JourneyRun

/// Merges JSON reports (``ReportMerge/json(_:)``).
///
/// The scripts of all inputs, in file order (a stable sort by `file`: the order of an unsharded
/// run of one folder); a result every shard reports alike (a command-line error, a broken tree:
/// same file, name and status, from another input) is kept once. The counts are recounted from
/// the scripts; the exit code is the worst of the scripts' statuses (a shard's own exit codes must
/// agree with them, or the merge stops; a failed script whose guide's transcript shows its failure,
/// `documentedFailure`, asks for 0 as in the run); the run started at
/// the earliest start and lasted until the latest end.
enum JSONReportMerge {
    static func merge(_ inputs: [ReportMerge.Input]) throws(ReportMerge.Problem) -> JSONValue {
        var scripts: [JSONValue] = []
        var seen: [String: Int] = [:]
        var exitCode = 0
        var starts: [Date] = []
        var ends: [Date] = []
        var longest = 0.0
        let documents = try inputs.map { input throws(ReportMerge.Problem) in try parse(input) }
        try ShardCompleteness.check(
            zip(inputs, documents).map { ($0.name, $1["summary"]?["shard"]?.stringValue) })
        for (number, document) in documents.enumerated() {
            let summary = document["summary"] ?? .null
            exitCode = max(exitCode, Int(try shardExitCode(document, of: inputs[number])))
            let duration = max(summary["duration"]?.doubleValue ?? 0, 0)
            longest = max(longest, duration)
            if let start = summary["startedAt"]?.stringValue.flatMap(ReportTime.date(parsing:)) {
                starts.append(start)
                ends.append(start.addingTimeInterval(duration))
            }
            for script in document["scripts"]?.arrayValue ?? [] {
                let key = [script["file"], script["name"], script["status"]].map { $0?.stringValue ?? "" }
                    .joined(separator: "\u{0}")
                if let earlier = seen[key], earlier != number { continue }
                seen[key] = number
                scripts.append(script)
            }
        }
        // Swift's sort is not stable: the position breaks ties.
        let ordered = scripts.enumerated().sorted { left, right in
            let (a, b) = (left.element["file"]?.stringValue ?? "", right.element["file"]?.stringValue ?? "")
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        let count = { (status: String) in ordered.filter { $0["status"]?.stringValue == status }.count }
        let start = starts.min()
        let duration = start.flatMap { start in ends.max().map { $0.timeIntervalSince(start) } } ?? longest
        return .object([
            "format": "journey-report",
            "version": .int(JSONReport.version),
            "summary": .object([
                "scripts": .int(ordered.count),
                "passed": .int(count("passed")),
                "failed": .int(count("failed")),
                "errors": .int(count("error")),
                "invalid": .int(count("invalid")),
                "mismatched": .int(count("mismatch")),
                "flaky": .int(count("flaky")),
                "documentedFailures": .int(
                    ordered.filter {
                        $0["status"]?.stringValue == "failed" && ($0["documentedFailure"] ?? .null) != .null
                    }
                    .count),
                "exitCode": .int(exitCode),
                "shard": .null,
                "startedAt": .string(
                    ReportTime.iso8601(start ?? Date(timeIntervalSince1970: 0), fractionalSeconds: true)),
                "duration": JSONTrace.seconds(duration),
            ]),
            "scripts": .array(ordered),
        ])
    }

    /// The exit code of one shard, recomputed from its scripts' statuses by the run's one rule
    /// (``RunStatus/exitCode(allowingFlaky:)``). A shard's own `exitCode`s are never trusted:
    /// one that is not its scripts' (out of range, or inconsistent) is refused, naming the file.
    static func shardExitCode(_ document: JSONValue, of input: ReportMerge.Input) throws(ReportMerge.Problem) -> Int32 {
        var worst: Int32 = 0
        for (index, script) in (document["scripts"]?.arrayValue ?? []).enumerated() {
            let which = "script \(index + 1) (\(VisibleText.escaped(script["file"]?.stringValue ?? "?")))"
            guard let name = script["status"]?.stringValue, let status = RunStatus(rawValue: name) else {
                throw ReportMerge.Problem(
                    "\(input.name): \(which) has the status \(script["status"]?.compactJSON ?? "null"), which is none of "
                        + RunStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            // A flaky script asks for 1, or for 0 when the run allowed flaky scripts: the one
            // choice a report records in a script's exit code.
            let allowed = status == .flaky && script["exitCode"] == .int(0)
            let documented = try documentedFailure(script, which: "\(input.name): \(which)") != nil
            let code = status.exitCode(allowingFlaky: allowed, documentedFailure: documented)
            if let written = script["exitCode"], written != .int(Int(code)) {
                throw ReportMerge.Problem(
                    "\(input.name): \(which) is \(status.rawValue), whose exit code is \(code), but its exitCode is \(written.compactJSON)"
                )
            }
            worst = max(worst, code)
        }
        if let written = document["summary"]?["exitCode"], written != .int(Int(worst)) {
            let range = RunStatus.allCases.contains { written == .int(Int($0.exitCode)) }
            throw ReportMerge.Problem(
                "\(input.name): the summary's exitCode is \(written.compactJSON), "
                    + (range ? "" : "not an exit code (0 to 4), ")
                    + "and its scripts' statuses ask for \(worst)")
        }
        return worst
    }

    /// Where a script's guide's transcript shows its failure (`documentedFailure`: a Location or
    /// null; absent in reports written before it). A value of another shape is refused, naming it.
    static func documentedFailure(_ script: JSONValue, which: String) throws(ReportMerge.Problem) -> SourceLocation? {
        guard let value = script["documentedFailure"], value != .null else { return nil }
        // Integers as JSON writes them: `intValue` would also read "55".
        guard case .string(let file)? = value["file"], case .int(let line)? = value["line"], line >= 1,
            case .int(let column)? = value["column"], column >= 1
        else {
            throw ReportMerge.Problem(
                "\(which) has the documentedFailure \(value.compactJSON), which is neither null nor a location "
                    + "({\"file\": string, \"line\": integer, \"column\": integer})")
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    static func parse(_ input: ReportMerge.Input) throws(ReportMerge.Problem) -> JSONValue {
        let document: JSONValue
        do throws(JSONDecodingFailure) {
            document = try JSONValue.parse(input.text)
        } catch {
            throw ReportMerge.Problem("\(input.name): not JSON: \(error.message)")
        }
        guard document["format"]?.stringValue == "journey-report" else {
            throw ReportMerge.Problem("\(input.name): not a journey JSON report (no \"format\": \"journey-report\")")
        }
        guard document["version"]?.intValue == JSONReport.version else {
            throw ReportMerge.Problem(
                "\(input.name): report version \(document["version"]?.compactJSON ?? "null") is not \(JSONReport.version)"
            )
        }
        guard document["scripts"]?.arrayValue != nil, document["summary"]?.objectValue != nil else {
            throw ReportMerge.Problem("\(input.name): a journey report needs \"summary\" and \"scripts\"")
        }
        return document
    }
}

import Foundation
import JourneyCore

/// Merges JSON reports (``ReportMerge/json(_:)``).
///
/// The scripts of all inputs, in file order (a stable sort by `file`: the order of an unsharded
/// run of one folder); a result every shard reports alike (a command-line error, a broken tree:
/// same file, name and status, from another input) is kept once. The counts are recounted from
/// the scripts; the exit code is the worst of the scripts' and the inputs'; the run started at
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
            exitCode = max(exitCode, summary["exitCode"]?.intValue ?? 0)
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
                exitCode = max(exitCode, script["exitCode"]?.intValue ?? 0)
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
                "exitCode": .int(exitCode),
                "shard": .null,
                "startedAt": .string(
                    ReportTime.iso8601(start ?? Date(timeIntervalSince1970: 0), fractionalSeconds: true)),
                "duration": JSONTrace.seconds(duration),
            ]),
            "scripts": .array(ordered),
        ])
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

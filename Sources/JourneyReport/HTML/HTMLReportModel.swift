import Foundation
import JourneyCore

/// The values the HTML template shows, read from a JSON report document (``JSONReport``), so a
/// merged report renders exactly as a single run's. Every text is passed to the template as is:
/// the template escapes it (`{{ }}`), and it is already redacted, as the JSON report is.
///
/// Every key a template section tests is always present (false, empty, or a value): mustache
/// looks a missing key up in the enclosing objects, so a step without a stage would otherwise
/// show its script's.
enum HTMLReportModel {
    static let statuses = ["passed", "failed", "error", "invalid", "mismatch", "flaky"]

    static func context(_ document: JSONValue) -> [String: Any] {
        let summary = document["summary"] ?? .null
        let scripts = document["scripts"]?.arrayValue ?? []
        let tags = Set(scripts.flatMap { ($0["tags"]?.arrayValue ?? []).compactMap(\.stringValue) }).sorted()
        let counts = Dictionary(grouping: scripts, by: { $0["status"]?.stringValue ?? "" }).mapValues(\.count)
        let exitCode = summary["exitCode"]?.intValue ?? 0
        return [
            "startedAt": summary["startedAt"]?.stringValue ?? "",
            "duration": duration(summary["duration"]?.doubleValue),
            "total": summary["scripts"]?.intValue ?? scripts.count,
            "scriptsNoun": Plural.noun(summary["scripts"]?.intValue ?? scripts.count, "script"),
            "exitCode": exitCode,
            "verdict": exitCode == 0 ? "passed" : "failed",
            "statusCounts": statuses.map { status -> [String: Any] in
                ["status": status, "count": counts[status] ?? 0, "none": (counts[status] ?? 0) == 0]
            },
            "tags": tags,
            "hasTags": !tags.isEmpty,
            "scripts": scripts.enumerated().map { script($1, number: $0 + 1) },
            "hasScripts": !scripts.isEmpty,
        ]
    }

    static func script(_ script: JSONValue, number: Int) -> [String: Any] {
        let status = script["status"]?.stringValue ?? "unknown"
        let tags = (script["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
        let total = max(script["duration"]?.doubleValue ?? 0, 0)
        let start = script["startedAt"]?.stringValue.flatMap(ReportTime.date(parsing:))
        let steps = script["steps"]?.arrayValue ?? []
        let failures = (script["failures"]?.arrayValue ?? []).map(failure)
        // Not a ternary with `nil`: JSONValue is ExpressibleByNilLiteral, so that `nil` is `.null`.
        let error = script["error"]?.objectValue.map(JSONValue.object)
        let diagnostics = (script["diagnostics"]?.arrayValue ?? []).map(diagnostic)
        let outcome = script["outcome"]?["summary"]?.stringValue
        let attempts = (script["attempts"]?.arrayValue ?? []).map(attempt)
        let documented = MarkdownReport.documentedPlace(script)
        // Steps are placed from their own start when the times can be read, else one after another.
        var elapsed = 0.0
        let span = max(total, steps.reduce(0) { $0 + max($1["duration"]?.doubleValue ?? 0, 0) }, 0.000_001)
        let stepModels = steps.map { step -> [String: Any] in
            let duration = max(step["duration"]?.doubleValue ?? 0, 0)
            var offset = elapsed
            if let start, let begun = step["startedAt"]?.stringValue.flatMap(ReportTime.date(parsing:)) {
                offset = max(0, begun.timeIntervalSince(start))
            }
            elapsed = offset + duration
            return self.step(step, offset: offset / span, width: duration / span)
        }
        let diagram = SequenceDiagram(script: script).map { SequenceDiagramLayout($0).context }
        return [
            "id": "script-\(number)",
            "diagram": diagram ?? [:],
            "hasDiagram": diagram != nil,
            "name": text(script["name"]).isEmpty ? text(script["file"]) : text(script["name"]),
            "file": text(script["file"]),
            "status": status,
            "tags": tags,
            "hasTags": !tags.isEmpty,
            "tagList": tags.joined(separator: " "),
            "server": text(script["server"]),
            "hasServer": !text(script["server"]).isEmpty,
            "duration": duration(total),
            "open": status != "passed",
            "outcome": outcome ?? "",
            "hasOutcome": outcome != nil,
            "failures": failures,
            "hasFailures": !failures.isEmpty,
            "error": error.map { ["kind": text($0["kind"]), "message": text($0["message"])] } ?? [:],
            "hasError": error != nil,
            "diagnostics": diagnostics,
            "hasDiagnostics": !diagnostics.isEmpty,
            "steps": stepModels,
            "hasSteps": !stepModels.isEmpty,
            "attempts": attempts,
            "hasAttempts": !attempts.isEmpty,
            "documented": documented ?? "",
            "hasDocumented": documented != nil,
            "stepCount": Plural.count(stepModels.count, "step"),
        ]
    }

    static func step(_ step: JSONValue, offset: Double, width: Double) -> [String: Any] {
        let callbacks = (step["callbacks"]?.arrayValue ?? []).map(callback)
        let failures = (step["failures"]?.arrayValue ?? []).map(failure)
        let status = step["response"]?["status"]?.intValue
        return [
            "number": step["number"]?.intValue ?? 0,
            "kind": text(step["kind"]),
            "stage": text(step["stage"]),
            "hasStage": !text(step["stage"]).isEmpty,
            "method": text(step["request"]?["method"]),
            "url": text(step["request"]?["url"]),
            "httpStatus": status.map(String.init) ?? "—",
            "duration": ReportTime.milliseconds(max(step["duration"]?.doubleValue ?? 0, 0)),
            // Percent of the script's span, with a sliver of width so an instant step still shows.
            "barOffset": percent(min(offset, 1)),
            "barWidth": percent(max(min(width, 1 - min(offset, 1)), 0.005)),
            "callbacks": callbacks,
            "hasCallbacks": !callbacks.isEmpty,
            "failures": failures,
            "hasFailures": !failures.isEmpty,
        ]
    }

    /// One attempt of a script run several times (`--repeat`): its verdict and the first reason it did not pass.
    static func attempt(_ attempt: JSONValue) -> [String: Any] {
        let firstFailure = attempt["failures"]?.arrayValue?.first?["message"]?.stringValue
        let error = attempt["error"]?["message"]?.stringValue
        let reason = firstFailure ?? error ?? ""
        return [
            "number": attempt["number"]?.intValue ?? 0,
            "status": text(attempt["status"]),
            "duration": duration(attempt["duration"]?.doubleValue),
            "reason": reason,
            "hasReason": !reason.isEmpty,
        ]
    }

    static func callback(_ callback: JSONValue) -> [String: Any] {
        let inputs = (callback["inputs"]?.arrayValue ?? []).map { input -> [String: Any] in
            [
                "name": text(input["name"]), "value": text(input["value"]),
                "redacted": input["redacted"]?.boolValue ?? false,
                "label": text(input["label"]), "hasLabel": !text(input["label"]).isEmpty,
            ]
        }
        return [
            "type": text(callback["type"]),
            "prompt": text(callback["prompt"]),
            "hasPrompt": !text(callback["prompt"]).isEmpty,
            "answeredBy": text(callback["answeredBy"]),
            "hasAnsweredBy": !text(callback["answeredBy"]).isEmpty,
            "inputs": inputs,
            "hasInputs": !inputs.isEmpty,
            "unanswered": callback["unanswered"]?.boolValue ?? false,
        ]
    }

    /// A failed expectation; a message of the form `... expected X, got Y` also gives its two sides.
    static func failure(_ failure: JSONValue) -> [String: Any] {
        let message = text(failure["message"])
        let sides = ExpectedAndReceived(message)
        return [
            "message": message,
            "location": location(failure["location"]),
            "hasLocation": !location(failure["location"]).isEmpty,
            "failureStep": failure["step"]?.intValue.map { "step \($0)" } ?? "",
            "hasFailureStep": failure["step"]?.intValue != nil,
            "expected": sides?.expected ?? "",
            "received": sides?.received ?? "",
            "hasDiff": sides != nil,
        ]
    }

    static func diagnostic(_ diagnostic: JSONValue) -> [String: Any] {
        [
            "severity": text(diagnostic["severity"]),
            "message": text(diagnostic["message"]),
            "location": location(diagnostic["location"]),
            "hasLocation": !location(diagnostic["location"]).isEmpty,
        ]
    }

    /// `file:line:col`, or empty.
    static func location(_ value: JSONValue?) -> String {
        guard let value, let file = value["file"]?.stringValue, let line = value["line"]?.intValue else { return "" }
        return "\(file):\(line)" + (value["column"]?.intValue.map { ":\($0)" } ?? "")
    }

    static func text(_ value: JSONValue?) -> String {
        value?.stringValue ?? ""
    }

    static func duration(_ seconds: Double?) -> String {
        ReportTime.short(max(seconds ?? 0, 0))
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.2f%%", fraction.isFinite ? fraction * 100 : 0)
    }
}

/// The two sides of a failure message `... expected X, got Y`, for the report's diff view.
struct ExpectedAndReceived: Equatable {
    var expected: String
    var received: String

    init(expected: String, received: String) {
        self.expected = expected
        self.received = received
    }

    init?(_ message: String) {
        guard let expectedRange = message.range(of: "expected "),
            let gotRange = message.range(of: ", got ", range: expectedRange.upperBound..<message.endIndex)
        else { return nil }
        expected = String(message[expectedRange.upperBound..<gotRange.lowerBound])
        received = String(message[gotRange.upperBound...])
    }
}

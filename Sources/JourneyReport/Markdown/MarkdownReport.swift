import JourneyCore
import JourneyRun

/// A run as a Markdown transcript (`--report markdown=FILE`): per script its verdict, file,
/// outcome and problems, a Mermaid sequence diagram of its round trips (``MermaidSequence``),
/// then its steps as a table. Rendered from the JSON report document, like the HTML report, so
/// what it shows is the JSON report's text, already redacted; every text is escaped for Markdown
/// (``MarkdownText``), so a server's prompt cannot add a link, an image, HTML or a table cell.
package enum MarkdownReport {
    /// The transcript of a run.
    package static func render(_ summary: RunSummary) -> String {
        render(document: JSONReport.document(summary))
    }

    /// The transcript of a JSON report document (a run's, or one `journey report merge` joined).
    package static func render(document: JSONValue) -> String {
        let summary = document["summary"] ?? .null
        let scripts = document["scripts"]?.arrayValue ?? []
        var lines = ["# journey run", ""]
        let counts = HTMLReportModel.statuses.compactMap { status -> String? in
            let count = scripts.filter { $0["status"]?.stringValue == status }.count
            return count == 0 ? nil : "\(count) \(status)"
        }
        lines.append(
            "Started \(MarkdownText.inline(summary["startedAt"]?.stringValue ?? "")) · "
                + "\(scripts.count) \(scripts.count == 1 ? "script" : "scripts"): \(counts.isEmpty ? "none" : counts.joined(separator: ", ")) · "
                + "\(ReportTime.short(max(summary["duration"]?.doubleValue ?? 0, 0))) · "
                + "exit code \(summary["exitCode"]?.intValue ?? 0)" + documentedNote(scripts))
        for (index, script) in scripts.enumerated() {
            lines += [""] + self.script(script, number: index + 1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func script(_ script: JSONValue, number: Int) -> [String] {
        let status = script["status"]?.stringValue ?? "unknown"
        let file = script["file"]?.stringValue ?? ""
        let name = script["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? file
        var lines = ["## \(number). \(mark(status)) \(MarkdownText.inline(name))", ""]
        var facts = ["- verdict: **\(MarkdownText.inline(status))**", "- file: \(MarkdownText.inline(file))"]
        if let server = script["server"]?.stringValue { facts.append("- server: \(MarkdownText.inline(server))") }
        if let outcome = script["outcome"]?["summary"]?.stringValue {
            facts.append("- outcome: \(MarkdownText.inline(outcome))")
        }
        let steps = script["steps"]?.arrayValue ?? []
        facts.append(
            "- \(Plural.count(steps.count, "step")) · \(ReportTime.short(max(script["duration"]?.doubleValue ?? 0, 0)))"
        )
        if let place = documentedPlace(script) {
            facts.append("- \(MarkdownText.inline("as its transcript at \(place) shows: the guide passes"))")
        }
        lines += facts
        if let error = script["error"], let message = error["message"]?.stringValue {
            let kind = error["kind"]?.stringValue ?? "run"
            lines += ["", "**\(MarkdownText.inline(kind)) error**: \(MarkdownText.inline(message))"]
        }
        let problems =
            (script["diagnostics"]?.arrayValue ?? []).map { diagnostic in
                let place = HTMLReportModel.location(diagnostic["location"])
                return "- \(MarkdownText.inline(diagnostic["severity"]?.stringValue ?? "error")): "
                    + (place.isEmpty ? "" : "\(MarkdownText.inline(place)): ")
                    + MarkdownText.inline(diagnostic["message"]?.stringValue ?? "")
            }
            + (script["failures"]?.arrayValue ?? []).map { failure in
                let location = HTMLReportModel.location(failure["location"])
                let step = failure["step"]?.intValue.map { "step \($0)" }
                let place = ([step] + [location.isEmpty ? nil : location]).compactMap { $0 }.joined(separator: ", ")
                return "- ✗ " + (place.isEmpty ? "" : "\(MarkdownText.inline(place)): ")
                    + MarkdownText.inline(failure["message"]?.stringValue ?? "")
            }
        if !problems.isEmpty { lines += [""] + problems }
        if let diagram = SequenceDiagram(script: script) {
            lines +=
                ["", "```mermaid"] + MermaidSequence.render(diagram).split(separator: "\n").map(String.init) + ["```"]
        }
        if !steps.isEmpty {
            lines += ["", "| Step | Party | Request | Status | Callbacks | Phase |", "|---|---|---|---|---|---|"]
            lines += steps.map(stepRow)
        }
        return lines
    }

    /// `guide.md:55` when `script` failed as its Markdown guide's transcript shows
    /// (`documentedFailure`), which asks for exit 0; else nil.
    static func documentedPlace(_ script: JSONValue) -> String? {
        guard script["status"]?.stringValue == "failed", let place = script["documentedFailure"],
            let file = place["file"]?.stringValue, let line = place["line"]?.intValue
        else { return nil }
        return "\(file):\(line)"
    }

    /// Why failed scripts do not fail the run: ` (1 failure its guide's transcript shows)`, or empty.
    static func documentedNote(_ scripts: [JSONValue]) -> String {
        let count = scripts.filter { documentedPlace($0) != nil }.count
        guard count > 0 else { return "" }
        return count == 1
            ? " (1 failure its guide's transcript shows)" : " (\(count) failures their guides' transcripts show)"
    }

    /// One step as a table row: each cell is one escaped line.
    static func stepRow(_ step: JSONValue) -> String {
        let party = step["party"]?.stringValue.flatMap(Party.init(rawValue:)) ?? .am
        let request =
            (step["request"]?["method"]?.stringValue ?? "") + " "
            + AMEndpoints.pathAndQuery(step["request"]?["url"]?.stringValue ?? "")
        let status = step["response"]?["status"]?.intValue.map(String.init) ?? "no response"
        let callbacks = (step["callbacks"]?.arrayValue ?? []).map { callback in
            let type = callback["type"]?.stringValue ?? ""
            let prompt =
                callback["prompt"]?.stringValue.flatMap {
                    $0.isEmpty ? nil : " (\(DiagramText.line($0, limit: promptLimit)))"
                } ?? ""
            return type + prompt + answer(callback)
        }
        let failed = !(step["failures"]?.arrayValue ?? []).isEmpty
        let cells = [
            "\(step["number"]?.intValue ?? 0)\(failed ? " ✗" : "")", party.title, request, status,
            callbacks.joined(separator: ", "), step["phase"]?.stringValue ?? "",
        ]
        return "| " + cells.map { MarkdownText.inline($0) }.joined(separator: " | ") + " |"
    }

    /// ` — not answered` for a callback no handler answered, ` ← 1 (SMS)` for a chosen option; else empty.
    static func answer(_ callback: JSONValue) -> String {
        if callback["unanswered"]?.boolValue == true { return " — not answered" }
        let inputs = callback["inputs"]?.arrayValue ?? []
        guard let chosen = inputs.first(where: { $0["label"]?.stringValue != nil }),
            let label = chosen["label"]?.stringValue
        else { return "" }
        return " ← \(chosen["value"]?.stringValue ?? "") (\(DiagramText.line(label, limit: promptLimit)))"
    }

    /// Characters of a callback's prompt a step's row shows.
    static let promptLimit = 60

    static func mark(_ status: String) -> String {
        switch status {
        case "passed": return "✔"
        case "flaky": return "≈"
        default: return "✗"
        }
    }
}

/// A ``Reporter`` that writes the Markdown transcript once the run is over.
package struct MarkdownReporter: Reporter {
    package init() {}

    package func scriptFinished(_ result: JourneyResult) -> String { "" }

    package func finish(_ summary: RunSummary) -> String { MarkdownReport.render(summary) }
}

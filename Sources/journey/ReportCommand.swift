import ArgumentParser
import Foundation
import JourneyKit
import JourneyLoad

/// `journey report`: works on reports already written.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work on written reports (merge the reports of shards).",
        subcommands: [ReportMergeCommand.self]
    )
}

/// `journey report merge`: the reports of `journey run --shard I/N` joined into one.
struct ReportMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract:
            "Join the JSON reports (or JUnit files, or journey load summaries) of shards into one report of the whole suite.",
        discussion: """
            Exits with the worst exit code of the merged scripts (as the unsharded run would), \
            or 2 when an input is not a journey report. Examples:
              journey report merge shard-*.json --out report.json --html report.html
              journey report merge shard-*.json --out report.json --markdown report.md
              journey report merge shard-*.xml --out junit.xml
              journey report merge load-*.json --out load.json    # journey load --report json=FILE summaries
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The reports to merge: all JSON reports, or all JUnit files written by journey.", valueName: "report"))
    var inputs: [String]

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Where to write the merged report (stdout when absent).", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Also write the HTML report of the merged JSON reports.", valueName: "file"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Also write the Markdown report (Mermaid sequence diagrams) of the merged JSON reports.",
            valueName: "file"))
    var markdown: String?

    func run() async throws {
        if try await mergedLoadSummaries() { return }
        let merged = try await CommandExit.reporting {
            let merged: ReportMerge.Merged
            do throws(ReportMerge.Problem) {
                merged = try ReportMerge.merge(files: inputs)
            } catch {
                throw CommandFailure(error.description)
            }
            // The reports rendered from the merged JSON document, as `journey run --report` writes them.
            let documents: [(option: String, path: String?, render: (JSONValue) -> String)] = [
                ("--html", html, HTMLReport.render(document:)),
                ("--markdown", markdown, MarkdownReport.render(document:)),
            ]
            for (option, path, render) in documents {
                guard let path else { continue }
                guard let document = merged.document else {
                    throw CommandFailure("\(option) needs JSON reports to merge, not JUnit files")
                }
                try OutputFile.write(render(document), to: path, exitCode: 3)
            }
            if let out {
                try OutputFile.write(merged.text, to: out, exitCode: 3)
            } else {
                StandardOutput.write(merged.text)
            }
            return merged
        }
        throw ExitCode(merged.exitCode)
    }

    /// `journey load` summaries merge by adding their histograms; the merged summary is JSON
    /// with `--out`, else the table, and the exit code is the whole load's verdict (the shards'
    /// thresholds judged again on it). False when the inputs are run reports.
    private func mergedLoadSummaries() async throws -> Bool {
        let merged: LoadSummary?
        do {
            merged = try LoadSummary.merge(files: inputs)
        } catch {
            throw CommandExit.error(error.message)
        }
        guard let merged else { return false }
        if html != nil || markdown != nil {
            throw CommandExit.error(
                "\(html != nil ? "--html" : "--markdown") takes run reports; load summaries merge into JSON or a table")
        }
        if let out {
            try await CommandExit.reporting { try OutputFile.write(merged.json + "\n", to: out, exitCode: 3) }
        } else {
            print(merged.text)
        }
        throw ExitCode(merged.passedGate ? 0 : 1)
    }
}

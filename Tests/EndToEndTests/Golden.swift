import Foundation
import JourneyCore
import JourneySuite
import JourneyTestSupport
import Testing

/// Golden transcripts of CLI runs (as hurl's `tests_ok/*.out`): a run's command, exit status,
/// stdout and stderr, normalized as the guides' transcripts are (``TranscriptNormalization``, with
/// the repository as `<repo>` and the temporary folder as `<tmp>`), compared whole with the file
/// checked in at `Golden/<suite>/<test>[.<run>].out`; a file a run writes is compared the same
/// way (`check(file:)`). A difference is a unified diff;
/// `JOURNEY_UPDATE_GOLDEN=1` writes the files instead (see docs/architecture.md).
enum Golden {
    static let updateVariable = "JOURNEY_UPDATE_GOLDEN"

    static let folder = Repository.root.appendingPathComponent("Tests/EndToEndTests/Golden")

    static let normalization = TranscriptNormalization(
        guide: nil, folders: [(Repository.root.path, "<repo>")])

    /// What varies from run to run in the reports and recordings a run prints, beyond what the
    /// guides' normalization hides: a JSON report's durations, the simulator's `Server-Timing`
    /// figures and the `Date` headers it sends, a load's rate and latencies, a MobileFirst server's
    /// clock, a passkey's credential id and client data.
    static let varying: [(NSRegularExpression, String)] =
        ([
            // Random on each run (no --seed): OAuth's state, nonce and PKCE challenge in an authorize
            // URL, a Rakuten Challenger's cid. The guides' rule for random values misses one that
            // happens to hold no digit.
            (#"\b(state|nonce|code_challenge|cid)=[A-Za-z0-9_-]{16,}"#, "$1=<random>"),
            (#"\bcid( |": ")[A-Za-z0-9_-]{16,}"#, "cid$1<random>"),
            (#""(duration|transportTime)": [0-9][0-9.eE+-]*"#, #""$1": <duration>"#),
            (#"dur=[0-9][0-9.]*"#, "dur=<duration>"),
            (#"(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9:]{8} GMT"#, "<date>"),
            // The JavaScript SDK's device identifier (`--sdk forgerock-js`): three random numbers.
            (#""identifier":"[0-9]+-[0-9]+-[0-9]+""#, #""identifier":"<random>""#),
            // A load's summary (`journey load`, `journey report merge` of loads): the rate of
            // journeys it reached and each latency row's five figures in ms (its count stays).
            (#"^(journeys: .*), [0-9]+(\.[0-9]+)?/s$"#, "$1, <rate>/s"),
            (#"^(.*\S)( +[0-9]+\.[0-9]+){5}$"#, "$1  <latencies>"),
            // The MobileFirst simulator's clock in its answers.
            (#"(serverTimeStamp\\?"\s*:\s*)[0-9]+"#, "$1<timestamp>"),
            // A passkey step's line: the authenticator's credential id, of random length, and what
            // of the client data (the server's random challenge) the field shows before it is cut.
            (#"(passkey=.* credential '.*?' ).*?( flags=)"#, "$1<credential>$2"),
        ] as [(String, String)]).compactMap { pattern, template in
            (try? NSRegularExpression(pattern: pattern)).map { ($0, template) }
        }

    /// A line as the golden files hold it.
    static func normalized(line: String) -> String {
        var text = normalization.normalized(line: line)
        for (expression, template) in varying {
            text = expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    /// `output`'s transcript as the golden file holds it: normalized lines, each section without
    /// its trailing blank lines, an empty stream left out.
    static func transcript(of output: CLI.Output) -> String {
        let command = (["journey"] + output.arguments.map(quoted)).joined(separator: " ")
        var lines = [normalized(line: "$ " + command), "exit \(output.status)"]
        for (name, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
            var section = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                normalized(line: String($0))
            }
            while section.last?.isEmpty == true { section.removeLast() }
            guard !section.isEmpty else { continue }
            lines += ["--- " + name] + section
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compares `output` with its golden file (named after the test, and `run` when the test runs
    /// `journey` more than once), or with `JOURNEY_UPDATE_GOLDEN=1` writes it.
    static func check(
        _ output: CLI.Output, run: String? = nil, fileID: String = #fileID,
        function: String = #function,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        compare(
            transcript(of: output), source: "journey \(output.arguments.joined(separator: " "))", run: run,
            fileID: fileID, function: function, sourceLocation: sourceLocation)
    }

    /// `file`'s transcript as the golden file holds it: its normalized path, then its normalized
    /// lines, without the trailing blank ones.
    static func transcript(ofFile file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? "(no such file)"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { normalized(line: String($0)) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return ([normalized(line: "--- file " + file.path)] + lines).joined(separator: "\n") + "\n"
    }

    /// Compares a file a run wrote (a script `journey import` wrote, a guide `--update-transcripts`
    /// rewrote) whole with its golden file, as ``check(_:run:fileID:function:sourceLocation:)``
    /// compares a run's output.
    static func check(
        file: URL, run: String? = nil, fileID: String = #fileID, function: String = #function,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        compare(
            transcript(ofFile: file), source: file.path, run: run, fileID: fileID, function: function,
            sourceLocation: sourceLocation)
    }

    private static func compare(
        _ actual: String, source: String, run: String?, fileID: String, function: String,
        sourceLocation: Testing.SourceLocation
    ) {
        let suite = ((fileID as NSString).lastPathComponent as NSString).deletingPathExtension
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let name = ([test] + (run.map { [$0] } ?? [])).joined(separator: ".") + ".out"
        let file = folder.appendingPathComponent(suite).appendingPathComponent(name)
        let relative = "Tests/EndToEndTests/Golden/\(suite)/\(name)"
        // The folder is named after the file, the filter after the suite's type, which may differ.
        let suiteType = Test.current?.id.nameComponents.dropLast().last ?? suite
        let regenerate = "\(updateVariable)=1 swift test --skip-build --filter \(suiteType)/\(test) rewrites it"
        if ProcessInfo.processInfo.environment[updateVariable] == "1" {
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file, options: .atomic)
            } catch {
                Issue.record("could not write \(relative): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden transcript \(relative) (\(regenerate))", sourceLocation: sourceLocation)
            return
        }
        let hunks = UnifiedDiff.hunks(old: lines(expected), new: lines(actual))
        guard !hunks.isEmpty else { return }
        let diff = ["--- \(relative)", "+++ \(source)"] + hunks
        let shown = diff.map { VisibleText.escaped($0) }.joined(separator: "\n")
        Issue.record(
            "the run differs from its golden transcript (\(regenerate)):\n\(shown)", sourceLocation: sourceLocation)
    }

    private static func lines(_ text: String) -> [UnifiedDiff.Line] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            UnifiedDiff.Line(key: normalized(line: String(line)), text: String(line))
        }
        while lines.last?.key.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func quoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.allSatisfy { !$0.isWhitespace && !"'\"\\$`".contains($0) }
        return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

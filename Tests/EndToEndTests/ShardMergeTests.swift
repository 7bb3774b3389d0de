import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

/// `journey run --shard I/N` and `journey report merge`: four shards run as four processes give,
/// merged, the report of the unsharded run (docs/sharding.md).
@Suite struct ShardMergeTests {
    /// A script that fails (it expects the login to fail, and it succeeds), so the merge has a
    /// failure to carry; its password is a secret, which no report may show.
    static func failingScript(in directory: URL) throws -> String {
        let tree = CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path
        let text = """
            version: 1
            name: Expects a failure and logs in
            tags: [negative]
            server: { simulate: \(tree), realm: alpha }
            journey: Login
            vars:
              password: { env: SHARD_TEST_PASSWORD, secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: "{{ password }}"
            expect:
              outcome: failure
            """
        let url = directory.appendingPathComponent("expects-failure.yaml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let secret = "Ch4ng3it!"
    static let environment = ["SHARD_TEST_PASSWORD": secret]

    /// What must be equal: the counts and every script's file, status and failures.
    static func essentials(_ path: URL) throws -> (summary: [String: JSONValue], scripts: [String]) {
        let document = try JSONValue.parse(try Data(contentsOf: path))
        var summary = document["summary"]?.objectValue ?? [:]
        summary["startedAt"] = nil
        summary["duration"] = nil
        let scripts = (document["scripts"]?.arrayValue ?? []).map { script in
            let failures = (script["failures"]?.arrayValue ?? []).map(\.compactJSON)
            return [script["file"], script["name"], script["status"]].map { $0?.stringValue ?? "" }.joined(
                separator: " | ") + " | " + failures.joined(separator: ", ")
        }
        return (summary, scripts.sorted())
    }

    @Test func fourShardsMergeIntoTheUnshardedRun() async throws {
        let directory = try TemporaryFiles.directory("journey-shards")
        let failing = try Self.failingScript(in: directory)
        let paths = ["journeys/", failing]
        func report(_ name: String) -> URL { directory.appendingPathComponent(name) }

        let whole = try await CLI.run(
            ["run"] + paths + [
                "--jobs", "2", "--report", "json=\(report("all.json").path)", "--report",
                "junit=\(report("all.xml").path)",
            ], environment: Self.environment, timeout: 900)
        #expect(whole.status == 1, "\(whole.stdout)\n\(whole.stderr)")

        // The four shards at once, as four CI jobs would run them.
        let shards = try await withThrowingTaskGroup(of: (Int, CLI.Output).self) { group in
            for index in 1...4 {
                group.addTask {
                    let output = try await CLI.run(
                        ["run"] + paths + [
                            "--shard", "\(index)/4", "--report", "json=\(report("shard-\(index).json").path)",
                            "--report", "junit=\(report("shard-\(index).xml").path)",
                        ], environment: Self.environment, timeout: 900)
                    return (index, output)
                }
            }
            var outputs: [Int: CLI.Output] = [:]
            for try await (index, output) in group { outputs[index] = output }
            return outputs
        }
        #expect(shards.values.map(\.status).max() == 1, "one shard holds the failing script")

        let merged = try await CLI.run(
            ["report", "merge"] + (1...4).map { report("shard-\($0).json").path } + [
                "--out", report("merged.json").path, "--html", report("merged.html").path,
            ])
        #expect(merged.status == 1, "the worst exit code: \(merged.stderr)")
        let (wholeSummary, wholeScripts) = try Self.essentials(report("all.json"))
        let (mergedSummary, mergedScripts) = try Self.essentials(report("merged.json"))
        #expect(mergedSummary == wholeSummary)
        #expect(mergedScripts == wholeScripts)
        #expect(wholeScripts.count == ExamplesTests.exampleCount + 1)
        #expect(wholeSummary["failed"] == 1)
        // Each script ran in exactly one shard.
        var perShard: [Int] = []
        for index in 1...4 {
            perShard.append(try Self.essentials(report("shard-\(index).json")).scripts.count)
        }
        #expect(perShard.reduce(0, +) == wholeScripts.count)
        #expect((perShard.max() ?? 0) - (perShard.min() ?? 0) <= 1, "\(perShard)")

        let mergedJUnit = try await CLI.run(
            ["report", "merge"] + (1...4).map { report("shard-\($0).xml").path } + ["--out", report("merged.xml").path])
        #expect(mergedJUnit.status == 1, "\(mergedJUnit.stderr)")
        let counts = { (path: URL) throws -> String in
            let text = try String(contentsOf: path, encoding: .utf8)
            let line = text.split(separator: "\n").first { $0.hasPrefix("<testsuites ") } ?? ""
            return String(
                line.split(separator: " ").filter { !$0.hasPrefix("time=") && !$0.hasPrefix("timestamp=") }
                    .joined(separator: " "))
        }
        #expect(try counts(report("merged.xml")) == counts(report("all.xml")))

        // A shard whose report is missing (its job died) is not a passing suite.
        for ext in ["json", "xml"] {
            let partial = try await CLI.run(["report", "merge"] + (1...3).map { report("shard-\($0).\(ext)").path })
            #expect(partial.status == 2, "\(ext): \(partial.stdout)")
            Golden.check(partial, run: "partial." + ext)
        }

        // The HTML report of the merge shows every script, and never the secret.
        let html = try String(contentsOf: report("merged.html"), encoding: .utf8)
        // Not a transcript: the HTML report's step bars are percents of each run's timings.
        #expect(html.contains("Expects a failure and logs in"))
        #expect(html.components(separatedBy: "<details class=\"script").count - 1 == wholeScripts.count)
        for file in ["all.json", "merged.json", "merged.html", "merged.xml"] {
            let text = try String(contentsOf: report(file), encoding: .utf8)
            #expect(!text.contains(Self.secret), "the secret is in \(file)")
        }
    }

    @Test func shardArgumentsAreChecked() async throws {
        let outOfRange = try await CLI.run(["run", "journeys/login.yaml", "--shard", "5/4"])
        #expect(outOfRange.status == 64)
        Golden.check(outOfRange, run: "outOfRange")
        let noIndex = try await CLI.run(["run", "journeys/login.yaml", "--shard", "auto/2"])
        #expect(noIndex.status == 64)
        Golden.check(noIndex, run: "noIndex")
        // An Indexed Job's pod 1 of 2 takes the second script of two.
        let pod = try await CLI.run(
            ["run", "journeys/login.yaml", "journeys/wrong-password.yaml", "--shard", "auto/2"],
            environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(pod.status == 0, "\(pod.stderr)")
        Golden.check(pod, run: "pod")
        #expect(!pod.stdout.contains("(journeys/login.yaml)"))
    }

    /// `-o` is `--out`, as for `journey import`.
    @Test func mergeTakesDashOAsOut() async throws {
        let directory = try TemporaryFiles.directory("journey-merge-o")
        let report = directory.appendingPathComponent("run.json").path
        let run = try await CLI.run(["run", "journeys/login.yaml", "--report", "json=\(report)"])
        #expect(run.status == 0, "\(run.stderr)")
        let short = directory.appendingPathComponent("short.json").path
        let merged = try await CLI.run(["report", "merge", report, "-o", short])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.isEmpty, "the report went to the file, not stdout: \(merged.stdout)")
        let long = directory.appendingPathComponent("long.json").path
        let mergedLong = try await CLI.run(["report", "merge", report, "--out", long])
        #expect(mergedLong.status == 0, "\(mergedLong.stderr)")
        let (shortSummary, shortScripts) = try Self.essentials(URL(fileURLWithPath: short))
        let (longSummary, longScripts) = try Self.essentials(URL(fileURLWithPath: long))
        #expect(shortSummary == longSummary)
        #expect(shortScripts == longScripts && shortScripts.count == 1)
    }

    @Test func mergeRefusesWhatIsNotAReport() async throws {
        let file = try TemporaryFiles.file("notes.txt", "hello")
        let output = try await CLI.run(["report", "merge", file])
        #expect(output.status == 2)
        Golden.check(output)
    }

    @Test func htmlReportHoldsNoSecret() async throws {
        let directory = try TemporaryFiles.directory("journey-html")
        let failing = try Self.failingScript(in: directory)
        let html = directory.appendingPathComponent("report.html")
        let output = try await CLI.run(
            ["run", failing, "journeys/login.yaml", "--report", "html=\(html.path)"], environment: Self.environment)
        #expect(output.status == 1)
        let text = try String(contentsOf: html, encoding: .utf8)
        #expect(!text.contains(Self.secret))
        // Not a transcript: the HTML report's step bars are percents of each run's timings.
        #expect(text.contains("«password»"))
        #expect(text.contains("expects-failure.yaml:"), "the failure's file:line")
        #expect(text.contains("Log in with a username and password"))
    }
}

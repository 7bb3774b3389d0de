import Foundation
import JourneyLoad
import JourneyTestSupport
import Testing

/// `journey load` through the CLI against the built-in simulator: both models, data per user,
/// thresholds as a gate, and the JSON summary with its histograms.
@Suite struct LoadEndToEndTests {
    static func summary(_ output: CLI.Output) throws -> LoadSummary {
        try LoadSummary.read(Data(output.stdout.utf8), file: "stdout")
    }

    @Test func aClosedModelRunCountsEveryJourneyAndStep() async throws {
        let output = try await CLI.run([
            "load", "journeys/login.yaml", "--users", "2", "--duration", "1s", "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let summary = try Self.summary(output)
        #expect(summary.journeys > 0)
        #expect(summary.passed == summary.journeys)
        #expect(summary.journey.count == UInt64(summary.journeys))
        #expect(summary.steps.map(\.label) == ["login.yaml step 1 (UsernamePassword)", "login.yaml step 2"])
        #expect(summary.steps.allSatisfy { $0.latency.count == UInt64(summary.journeys) })
        #expect(summary.model == "closed model, 2 users")
        #expect(summary.journey.percentile(50) > 0 && summary.journey.percentile(99) >= summary.journey.percentile(50))
    }

    @Test func anOpenModelRunIsJudgedByItsThresholds() async throws {
        let output = try await CLI.run([
            "load", "journeys/login.yaml", "--rate", "20/s", "--duration", "1s", "--threshold", "journey.p99<1us",
            "--threshold", "errors<1%",
        ])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        #expect(!output.stderr.contains("journeys/s,"), "no progress line when stderr is not a terminal")
    }

    /// The simulator says how long it spent on each round trip (Server-Timing); what is left of
    /// each journey's latency is the runner's, measured for every journey and judged by `added.…`.
    @Test func theRunnersShareOfTheLatencyIsMeasuredAndJudged() async throws {
        let output = try await CLI.run([
            "load", "journeys/login.yaml", "--rate", "20/s", "--duration", "1s", "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let summary = try Self.summary(output)
        let added = try #require(summary.added)
        #expect(added.count == UInt64(summary.journeys) && summary.journeys > 0)
        #expect(added.max <= summary.journey.max)
        let judged = try await CLI.run([
            "load", "journeys/login.yaml", "--rate", "20/s", "--duration", "1s", "--threshold", "added.p99<1us",
            "--threshold", "added.max<1h",
        ])
        #expect(judged.status == 1, "\(judged.stdout)\n\(judged.stderr)")
        Golden.check(judged, run: "judged")
    }

    @Test func dataRowsReachTheJourneysAndFailuresAreCountedByClassAndCode() async throws {
        let data = try TemporaryFiles.file("users.csv", "password\nwrong-1\nwrong-2\n")
        let output = try await CLI.run([
            "load", "journeys/login.yaml", "--users", "2", "--duration", "1s", "--data", data, "--format", "json",
        ])
        #expect(output.status == 1, "without thresholds any failed journey fails the load")
        let summary = try Self.summary(output)
        #expect(summary.journeys > 0 && summary.passed == 0)
        #expect(summary.errors == ["expectation": summary.journeys])
        #expect(summary.amCodes == ["401": summary.journeys])
        #expect(!output.stdout.contains("wrong-1"), "data values are not echoed")
        let tolerated = try await CLI.run([
            "load", "journeys/login.yaml", "--users", "1", "--duration", "1s", "--data", data, "--threshold",
            "errors<=100%",
        ])
        #expect(tolerated.status == 0, "\(tolerated.stdout)\n\(tolerated.stderr)")
    }

    @Test func reportsFromShardsMergeByAddingHistograms() async throws {
        let folder = try TemporaryFiles.directory().path
        var parts: [LoadSummary] = []
        for index in 1...2 {
            let file = "\(folder)/load-\(index).json"
            let output = try await CLI.run([
                "load", "journeys/login.yaml", "--users", "1", "--duration", "1s", "--report", "json=\(file)",
            ])
            #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
            parts.append(try LoadSummary.read(try Data(contentsOf: URL(fileURLWithPath: file)), file: file))
        }
        let merged = try #require(LoadSummary.merged(parts))
        #expect(merged.journeys == parts[0].journeys + parts[1].journeys)
        #expect(merged.journey.count == parts[0].journey.count + parts[1].journey.count)
        #expect(merged.steps.count == 2)
        #expect(merged.journey.max == max(parts[0].journey.max, parts[1].journey.max))
    }

    /// A folder holding `journeys/login.yaml` and the tree it simulates, side by side.
    static func folderWithLoginAndItsTree() throws -> URL {
        let folder = try TemporaryFiles.directory()
        try FileManager.default.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml").path,
            toPath: folder.appendingPathComponent("am.yaml").path)
        try FileManager.default.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent("journeys/trees/keys").path,
            toPath: folder.appendingPathComponent("keys").path)
        let login = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/login.yaml"), encoding: .utf8)
        try login.replacingOccurrences(of: "trees/am.yaml", with: "am.yaml")
            .write(to: folder.appendingPathComponent("login.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// As `run`: a simulator tree in a folder of scripts is not a script to load.
    @Test func aFolderWithItsTreeLoadsOnlyTheScripts() async throws {
        let folder = try Self.folderWithLoginAndItsTree()
        let output = try await CLI.run(["load", folder.path, "--users", "1", "--duration", "1s"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // Not a transcript: a closed model's count of journeys depends on the machine's speed.
        #expect(output.stdout.contains("load: 1 script,"))
    }

    /// As `run`: a broken simulator tree among the scripts stops the load before anything starts.
    @Test func aBrokenTreeAmongTheScriptsStopsTheLoad() async throws {
        let folder = try Self.folderWithLoginAndItsTree()
        try "kind: simulator\nversion: 1\njourneys:\n  J: { start: nowhere, nodes: {} }\n".write(
            to: folder.appendingPathComponent("broken-tree.yaml"), atomically: true, encoding: .utf8)
        let output = try await CLI.run(["load", folder.path, "--users", "1", "--duration", "1s"])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        #expect(!output.stdout.contains("load: 1 script,"), "\(output.stdout)")
    }

    /// A FIFO given as --data would block a plain read forever.
    @Test func dataThatIsNotARegularFileIsRefused() async throws {
        let fifo = try TemporaryFiles.directory().path + "/users.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = try await CLI.run(["load", "journeys/login.yaml", "--users", "1", "--data", fifo])
        #expect(output.status == 2)
        Golden.check(output)
    }

    /// Each refusal is in its golden transcript (`badOptionsAreRefusedBeforeAnythingRuns.<options>.out`).
    @Test func badOptionsAreRefusedBeforeAnythingRuns() async throws {
        for arguments in [
            ["--rate", "5/s", "--users", "2"],  // give exactly one of --rate and --users
            ["--rate", "0/s"],  // --rate takes a rate above 0
            ["--users", "2", "--duration", "2d"],  // --duration takes a duration
            ["--users", "2", "--threshold", "latency<3ms"],  // unknown metric 'latency'
            ["--users", "2", "--data", "/nonexistent.csv"],  // --data /nonexistent.csv cannot be read
            ["--users", "2", "--ramp", "5s"],  // --ramp and --max-in-flight belong to the open model
            ["--rate", "5/s", "--think", "1s"],  // --think belongs to the closed model
            ["--users", "2", "--shard", "3/4"],  // --shard 3/4 with --users 2: this machine would run no user
            ["--users", "2", "--var", "vu=7"],  // --var vu: 'vu' is set for each journey
        ] {
            let output = try await CLI.run(["load", "journeys/login.yaml"] + arguments)
            #expect(output.status == 2 || output.status == 64, "\(arguments)")
            Golden.check(
                output, run: String(arguments.joined(separator: " ").map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        }
    }
}

extension LoadEndToEndTests {
    /// Two shards of an open-model load each run half the rate; `journey report merge` adds them.
    @Test func shardsOfALoadMergeIntoTheWholeLoad() async throws {
        let folder = try TemporaryFiles.directory().path
        for index in 1...2 {
            let output = try await CLI.run([
                "load", "journeys/login.yaml", "--rate", "20/s", "--duration", "1s", "--shard", "\(index)/2",
                "--report", "json=\(folder)/shard-\(index).json",
            ])
            #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
            Golden.check(output, run: "shard\(index)")
        }
        let merged = try await CLI.run([
            "report", "merge", "\(folder)/shard-1.json", "\(folder)/shard-2.json", "--out", "\(folder)/load.json",
        ])
        #expect(merged.status == 0, "\(merged.stdout)\n\(merged.stderr)")
        let whole = try LoadSummary.read(
            try Data(contentsOf: URL(fileURLWithPath: "\(folder)/load.json")), file: "load")
        #expect(whole.journeys == 20)
        #expect(whole.model == "open model, 20/s", "the whole load's model names no shard: \(whole.model)")
        #expect(whole.journey.count == 20)
        // The shards' thresholds are judged again on the whole load, and decide the exit code.
        let judged = try await CLI.run([
            "load", "journeys/login.yaml", "--rate", "20/s", "--duration", "1s", "--shard", "1/2", "--threshold",
            "journey.p99<1us", "--report", "json=\(folder)/strict.json",
        ])
        #expect(judged.status == 1)
        let rejudged = try await CLI.run(["report", "merge", "\(folder)/strict.json", "\(folder)/shard-2.json"])
        #expect(rejudged.status == 1, "\(rejudged.stdout)")
        Golden.check(rejudged, run: "rejudged")
        let half = try await CLI.run(["report", "merge", "\(folder)/shard-1.json"])
        #expect(half.status == 2, "half a load is not the load: \(half.stdout)")
        Golden.check(half, run: "half")
        let mixed = try await CLI.run(["report", "merge", "\(folder)/shard-1.json", "journeys/login.yaml"])
        #expect(mixed.status == 2)
        Golden.check(mixed, run: "mixed")
    }
}

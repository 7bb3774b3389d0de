import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// `journey run --record/--replay`, `import`, `diff`, `serve`, through the CLI and the simulator.
@Suite struct RecordingTests {
    static var recordings: String { CLI.packageRoot.appendingPathComponent("journeys/recordings").path }
    static var harFixtures: String { CLI.packageRoot.appendingPathComponent("Tests/Fixtures/har").path }

    /// Every example script in journeys/ (trees excluded): each must have a recording.
    static var exampleScripts: [String] {
        let folder = CLI.packageRoot.appendingPathComponent("journeys")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().filter { name in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return ScriptFinder.kind(ofFileText: text) != "simulator"
        }
    }

    @Test func recordThenReplayOfflineWithoutSecrets() async throws {
        let har = try TemporaryFiles.directory().path + "/login.har"
        let record = try await CLI.run(["run", "journeys/login.yaml", "--record", har])
        #expect(record.status == 0, "\(record.stdout)\n\(record.stderr)")
        Golden.check(record, run: "record")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!text.contains("Ch4ng3it!"), "the password reached the recording")
        let recording = try Recording.load(path: har)
        #expect(recording.page?.script == "journeys/login.yaml")
        #expect(recording.page?.variables == ["username": "demo"])
        #expect(recording.page?.seed != nil)
        // The simulator that answered the recording is gone: a replay that passes used no network.
        let replay = try await CLI.run(
            ["run", "journeys/login.yaml", "--replay", har], environment: ["DEMO_PASSWORD": ""])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
    }

    /// A recording `run` could not write stops it before its first request (exit 2, naming
    /// --record: issue 27); `diff`, which checks nothing first, still leaves its report and exits 3.
    @Test func aRecordingThatCannotBeWrittenKeepsTheSummaryAndReports() async throws {
        let folder = try TemporaryFiles.directory().path
        let blocker = folder + "/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let report = folder + "/report.json"
        let output = try await CLI.run([
            "run", "journeys/login.yaml", "--record", blocker + "/login.har", "--report", "json=\(report)",
        ])
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        #expect(!output.stdout.contains("step 1"))
        Golden.check(output, run: "run")
        #expect(!output.stderr.contains("recorded "))
        let diff = try await CLI.run([
            "diff", "journeys/login.yaml", "--recording", "journeys/recordings/login.har", "--record",
            blocker + "/login.har",
        ])
        #expect(diff.status == 3, "\(diff.stdout)\n\(diff.stderr)")
        Golden.check(diff, run: "diff")
    }

    /// Several scripts into one file: one HAR page per script; a replay picks each script's page.
    @Test func severalScriptsShareOneRecordingFile() async throws {
        let har = try TemporaryFiles.directory().path + "/both.har"
        let record = try await CLI.run(["run", "journeys/login.yaml", "journeys/wrong-password.yaml", "--record", har])
        #expect(record.status == 0, "\(record.stdout)\n\(record.stderr)")
        let document = try HARReader.read(path: har)
        #expect(
            document.log.pages?.compactMap { $0.journey?.script } == [
                "journeys/login.yaml", "journeys/wrong-password.yaml",
            ])
        #expect(try Recording.load(path: har, script: "journeys/wrong-password.yaml").page?.outcome == "failure")
        let replay = try await CLI.run(["run", "journeys/login.yaml", "journeys/wrong-password.yaml", "--replay", har])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        Golden.check(replay, run: "replay")
        let other = try await CLI.run(["run", "journeys/polling.yaml", "--replay", har])
        #expect(other.status == 4)
        Golden.check(other, run: "other")
    }

    @Test func aMismatchExitsFourWithADiff() async throws {
        let output = try await CLI.run([
            "run", "journeys/login.yaml", "--replay", "journeys/recordings/login.har", "--var", "username=bob",
        ])
        #expect(output.status == 4, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func aRecordingWithoutTheScriptsTrafficIsAMismatch() async throws {
        let output = try await CLI.run([
            "run", "journeys/login.yaml", "--replay", "journeys/recordings/registration.har",
        ])
        #expect(output.status == 4)
        Golden.check(output)
    }

    @Test func aScriptThatRunsPastTheEndOfItsRecordingIsAMismatch() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.recordings + "/login.har"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var log = try #require(json["log"] as? [String: Any])
        log["entries"] = Array((log["entries"] as? [Any] ?? []).prefix(1))
        json["log"] = log
        let path = try TemporaryFiles.directory().path + "/short.har"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let output = try await CLI.run(["run", "journeys/login.yaml", "--replay", path])
        #expect(output.status == 4)
        Golden.check(output)
    }

    @Test func truncatedOrNonHARRecordingsAreRejectedUpFront() async throws {
        let truncated = try await CLI.run([
            "run", "journeys/login.yaml", "--replay", Self.harFixtures + "/truncated.har",
        ])
        #expect(truncated.status == 2)
        Golden.check(truncated, run: "truncated")
        let other = try await CLI.run(["run", "journeys/login.yaml", "--replay", Self.harFixtures + "/not-a-har.json"])
        #expect(other.status == 2)
        Golden.check(other, run: "other")
        let missing = try await CLI.run(["run", "journeys/login.yaml", "--replay", "nowhere/"])
        #expect(missing.status == 2)
        Golden.check(missing, run: "missing")
    }

    @Test func driftFromTheRecordingIsWarnedOnReplay() async throws {
        // wrong-password.yaml expects a failure; the login recording ends with success.
        let output = try await CLI.run([
            "run", "journeys/wrong-password.yaml", "--replay", "journeys/recordings/login.har",
        ])
        #expect(output.status == 1)
        Golden.check(output)
    }

    /// The suite replays every committed recording: one per example script.
    @Test func everyExampleReplaysFromItsCommittedRecording() async throws {
        let scripts = Self.exampleScripts
        #expect(scripts.count >= 8)
        for script in scripts {
            let stem = (script as NSString).deletingPathExtension
            #expect(
                FileManager.default.fileExists(atPath: Self.recordings + "/\(stem).har"),
                "journeys/\(script) has no recording: run scripts/record-examples")
        }
        let output = try await CLI.run(
            ["run"] + scripts.map { "journeys/" + $0 } + ["--replay", "journeys/recordings/", "--jobs", "4"],
            environment: ["DEMO_PASSWORD": ""])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // Not a transcript: with --jobs 4 the scripts finish in any order.
        #expect(output.stdout.contains("\(scripts.count) passed, 0 failed, 0 errors"))
        // The run's wall time, not the span between the recordings' dates (made days apart).
        let seconds = output.stdout.firstMatch(of: #/ in ([0-9.]+) s\n?$/#).flatMap { Double($0.1) }
        #expect((seconds ?? .infinity) < 3600, "\(output.stdout.suffix(200))")
    }

    /// Re-records every example as scripts/record-examples does (each script in its own
    /// process, seed 1) and compares its structure with the committed recording.
    @Test func committedRecordingsAreNotStale() async throws {
        let directory = try TemporaryFiles.directory().path + "/"
        for script in Self.exampleScripts {
            let output = try await CLI.run(["run", "journeys/" + script, "--seed", "1", "--record", directory])
            #expect(output.status == 0, "\(script): \(output.stdout)\n\(output.stderr)")
        }
        for script in Self.exampleScripts {
            let stem = (script as NSString).deletingPathExtension
            let committed = try Recording.load(path: Self.recordings + "/\(stem).har")
            let fresh = try Recording.load(path: directory + "\(stem).har")
            let differences = RecordingDrift.differences(recorded: committed, live: fresh)
            #expect(
                differences.isEmpty,
                "journeys/recordings/\(stem).har is stale (run scripts/record-examples): \(differences.joined(separator: "; "))"
            )
        }
    }

    @Test func recordingsAreValidHAR12() throws {
        for script in Self.exampleScripts {
            let path = Self.recordings + "/" + (script as NSString).deletingPathExtension + ".har"
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let problems = HARStructure.problems(root)
            #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
        }
    }

    /// mitmproxy reads every recording: `mitmdump -nr FILE` for one, and for all of them the
    /// reader `mitmdump -r` uses (`mitmproxy.io.FlowReader`), in one Python process (each
    /// mitmdump start costs seconds).
    @Test func mitmproxyReadsTheRecordings() async throws {
        guard let mitmdump = PythonTools.executable("mitmdump") else {
            Issue.record(Comment(rawValue: PythonTools.missing("mitmdump")))
            return
        }
        guard let python = PythonTools.executable("python3") else {
            Issue.record(Comment(rawValue: PythonTools.missing("python3")))
            return
        }
        let login = Self.recordings + "/login.har"
        let (status, output) = try await HARStructure.run(mitmdump, ["-nr", login])
        #expect(status == 0, "mitmdump -nr \(login): \(output)")
        // One `<< status` line per flow: mitmdump read every entry.
        // Not a transcript: mitmdump's output, not journey's; its flow lines are counted.
        #expect(
            output.split(separator: "\n").filter { $0.contains("<< ") }.count
                == (try Recording.load(path: login)).exchanges.count, "\(output)")
        let paths = Self.exampleScripts.map { Self.recordings + "/" + ($0 as NSString).deletingPathExtension + ".har" }
        let program = """
            import sys
            from mitmproxy import io
            for path in sys.argv[1:]:
                with open(path, "rb") as f:
                    flows = list(io.FlowReader(f).stream())
                print(path, len(flows), sum(1 for flow in flows if flow.response is not None))
            """
        let (readStatus, read) = try await HARStructure.run(python, ["-c", program] + paths)
        #expect(readStatus == 0, "\(read)")
        for path in paths {
            let count = (try Recording.load(path: path)).exchanges.count
            #expect(
                read.contains("\(path) \(count) \(count)"),
                "mitmproxy did not read the \(count) flows of \(path): \(read)")
        }
    }

    @Test func importTurnsRecordingsIntoScriptsThatReplayGreen() async throws {
        let directory = try TemporaryFiles.directory().path
        for (har, name) in [
            (Self.harFixtures + "/chrome-am-login.har", "chrome.yaml"),
            (Self.harFixtures + "/polly-am-login.har", "polly.yaml"),
            ("journeys/recordings/second-factor-otp.har", "otp.yaml"),
            ("journeys/recordings/registration.har", "registration.yaml"),
        ] {
            let script = directory + "/" + name
            let imported = try await CLI.run(["import", har, "-o", script])
            #expect(imported.status == 0, "\(imported.stderr)")
            let lint = try await CLI.run(["lint", script])
            #expect(lint.status == 0, "\(lint.stderr)")
            Golden.check(lint, run: "lint." + (name as NSString).deletingPathExtension)
            let replay = try await CLI.run(["run", script, "--replay", har])
            #expect(replay.status == 0, "\(har): \(replay.stdout)\n\(replay.stderr)")
        }
    }

    /// A zero-page login capture (credentials in X-OpenAM-* headers, `{}` body, no authIndexType:
    /// the realm's default journey) imports as a `start: { zeroPage }` script that lints clean and
    /// replays green, the password a secret variable.
    @Test func importOfAZeroPageLoginReplaysGreen() async throws {
        let har = Self.harFixtures + "/zero-page-login.har"
        let script = try TemporaryFiles.directory().path + "/zero-page.yaml"
        let imported = try await CLI.run(["import", har, "-o", script])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        Golden.check(file: URL(fileURLWithPath: script), run: "imported")
        #expect(!text.contains("Ch4ng3it!"))
        #expect(!text.contains("journey:"))
        let lint = try await CLI.run(["lint", script])
        #expect(lint.status == 0, "\(lint.stdout)\n\(lint.stderr)")
        Golden.check(lint, run: "lint")
        let replay = try await CLI.run(["run", script, "--replay", har, "--format", "json"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        #expect(!replay.stdout.contains("Ch4ng3it!"))
        // Another user is a mismatch: the username header is compared.
        try text.replacingOccurrences(of: #"username: "demo""#, with: #"username: "alice""#)
            .write(toFile: script, atomically: true, encoding: .utf8)
        let mismatch = try await CLI.run(["run", script, "--replay", har])
        #expect(mismatch.status == 4, "\(mismatch.stdout)\n\(mismatch.stderr)")
        Golden.check(mismatch, run: "mismatch")
    }

    @Test func importRejectsRecordingsWithoutAJourney() async throws {
        let none = try await CLI.run(["import", Self.harFixtures + "/no-authenticate.har"])
        #expect(none.status == 2)
        Golden.check(none, run: "none")
        let unfinished = try await CLI.run(["import", Self.harFixtures + "/mid-journey.har"])
        #expect(unfinished.status == 2)
        Golden.check(unfinished, run: "unfinished")
    }

    @Test func diffReportsNoDriftAgainstTheSimulator() async throws {
        let output = try await CLI.run([
            "diff", "journeys/second-factor-otp.yaml", "--recording", "journeys/recordings/second-factor-otp.har",
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    @Test func diffReportsStructuralDriftStepByStep() async throws {
        let text = try String(contentsOfFile: Self.recordings + "/login.har", encoding: .utf8)
        let path = try TemporaryFiles.directory().path + "/login.har"
        try Data(text.replacingOccurrences(of: "User Name", with: "Username").utf8).write(
            to: URL(fileURLWithPath: path))
        let output = try await CLI.run(["diff", "journeys/login.yaml", "--recording", path])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// `journey serve`'s server: the recording answers a live run, session by session.
    @Test func aServedRecordingAnswersTheScriptLive() async throws {
        let recording = try Recording.load(path: Self.recordings + "/second-factor-otp.har")
        let server = RecordedServer(recording: recording)
        let host = try await HTTPHost.start(options: SimulatorOptions(logRequests: false)) { request in
            let reply = server.handle(
                method: request.method, target: request.target,
                headers: request.headers.map { HeaderField($0.name, $0.value) }, body: Data(request.body))
            return HostResponse(
                status: reply.status, headers: reply.headers.map { ($0.name, $0.value) }, body: [UInt8](reply.body))
        }
        let script = try ScriptLoader.load(
            path: CLI.packageRoot.appendingPathComponent("journeys/second-factor-otp.yaml").path)
        let journey = try JourneyCompiler.compile(script)
        let configuration = RunConfiguration(serverURL: host.serverURL + "/am", fastPolling: true)
        async let first = JourneyDriver.run(journey, configuration: configuration)
        async let second = JourneyDriver.run(journey, configuration: configuration)
        let results = await [first, second]
        await host.stop()
        for result in results {
            #expect(result.status == .passed, "\(result.error?.message ?? "") \(result.failures)")
            #expect(result.steps.count == 4)
        }
    }
}

/// The HAR 1.2 structure (required members and their types) and external tools.
enum HARStructure {
    static func problems(_ root: [String: Any]) -> [String] {
        var problems: [String] = []
        func require(_ object: [String: Any], _ keys: [String: String], at path: String) {
            for (key, type) in keys {
                guard let value = object[key] else {
                    problems.append("\(path) has no \(key)")
                    continue
                }
                let ok: Bool
                switch type {
                case "string": ok = value is String
                case "number": ok = value is NSNumber
                case "array": ok = value is [Any]
                case "object": ok = value is [String: Any]
                default: ok = true
                }
                if !ok { problems.append("\(path).\(key) is not a \(type)") }
            }
            for key in object.keys
            where !["log", "version", "creator", "browser", "pages", "entries", "comment"].contains(key)
                && path == "log"
            {
                if !key.hasPrefix("_") {
                    problems.append("log has a non-standard member \(key) without a leading underscore")
                }
            }
        }
        guard let log = root["log"] as? [String: Any] else { return ["no log object"] }
        require(log, ["version": "string", "creator": "object", "entries": "array"], at: "log")
        if log["version"] as? String != "1.2" { problems.append("log.version is not 1.2") }
        require(log["creator"] as? [String: Any] ?? [:], ["name": "string", "version": "string"], at: "log.creator")
        for (index, page) in ((log["pages"] as? [[String: Any]]) ?? []).enumerated() {
            require(
                page, ["startedDateTime": "string", "id": "string", "title": "string", "pageTimings": "object"],
                at: "log.pages[\(index)]")
        }
        let nameValue = ["name": "string", "value": "string"]
        for (index, entry) in ((log["entries"] as? [[String: Any]]) ?? []).enumerated() {
            let at = "log.entries[\(index)]"
            require(
                entry,
                [
                    "startedDateTime": "string", "time": "number", "request": "object", "response": "object",
                    "cache": "object", "timings": "object",
                ], at: at)
            if let started = entry["startedDateTime"] as? String, HARReader.date(started) == nil {
                problems.append("\(at).startedDateTime is not ISO 8601")
            }
            let request = entry["request"] as? [String: Any] ?? [:]
            require(
                request,
                [
                    "method": "string", "url": "string", "httpVersion": "string", "cookies": "array",
                    "headers": "array", "queryString": "array", "headersSize": "number", "bodySize": "number",
                ], at: at + ".request")
            for header in (request["headers"] as? [[String: Any]]) ?? [] {
                require(header, nameValue, at: at + ".request.headers[]")
            }
            if let post = request["postData"] as? [String: Any] {
                require(post, ["mimeType": "string", "text": "string"], at: at + ".request.postData")
            }
            let response = entry["response"] as? [String: Any] ?? [:]
            require(
                response,
                [
                    "status": "number", "statusText": "string", "httpVersion": "string", "cookies": "array",
                    "headers": "array", "content": "object", "redirectURL": "string", "headersSize": "number",
                    "bodySize": "number",
                ], at: at + ".response")
            require(
                response["content"] as? [String: Any] ?? [:], ["size": "number", "mimeType": "string"],
                at: at + ".response.content")
            require(
                entry["timings"] as? [String: Any] ?? [:], ["send": "number", "wait": "number", "receive": "number"],
                at: at + ".timings")
            for key in entry.keys
            where ![
                "pageref", "startedDateTime", "time", "request", "response", "cache", "timings", "serverIPAddress",
                "connection", "comment",
            ].contains(key) {
                if !key.hasPrefix("_") {
                    problems.append("\(at) has a non-standard member \(key) without a leading underscore")
                }
            }
        }
        return problems
    }

    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        try await ChildProcess.run(executable, arguments)
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// `journey run --watch` as a process: the first run, a rerun of the one script edited, and a
/// clean stop on SIGINT. Waits by reading the output, never by sleeping.
@Suite struct WatchEndToEndTests {
    /// The lines a child writes on stdout, read on a thread of its own (a blocking read must not
    /// hold one of the concurrency pool's threads).
    final class Lines: Sendable {
        let stream: AsyncStream<String>

        init(_ pipe: Pipe) {
            let (stream, continuation) = AsyncStream<String>.makeStream()
            self.stream = stream
            Thread.detachNewThread {
                var pending = ""
                while true {
                    let data = pipe.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    pending += String(decoding: data, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        continuation.yield(String(pending[..<newline]))
                        pending = String(pending[pending.index(after: newline)...])
                    }
                }
                if !pending.isEmpty { continuation.yield(pending) }
                continuation.finish()
            }
        }
    }

    /// Reads lines until one contains `text`; returns every line read (that one last), or what
    /// was read when the output ended (then the caller's expectation fails). The test's watchdog
    /// ends the child, and so the output, if it hangs.
    static func read(_ iterator: inout AsyncStream<String>.Iterator, until text: String) async -> [String] {
        var lines: [String] = []
        while let line = await iterator.next() {
            lines.append(line)
            if line.contains(text) { return lines }
        }
        return lines
    }

    /// Reads `pipe` until `text` appears (or the output ends), then closes its reading end; on a
    /// thread of its own, as ``Lines`` reads, so that the blocking reads hold no pool thread.
    static func readThenClose(_ pipe: Pipe, until text: String) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var read = ""
                while !read.contains(text) {
                    let data = pipe.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    read += String(decoding: data, as: UTF8.self)
                }
                try? pipe.fileHandleForReading.close()
                continuation.resume(returning: read)
            }
        }
    }

    /// `journey run FOLDER --watch` started as a child with stdout on a pipe. The one overall
    /// time limit is wide for a loaded machine: a hung watch is killed, its output ends and the
    /// test's expectations fail instead of the test hanging. `stop()` ends what is left.
    struct Watch {
        let process = Process()
        let stdout = Pipe()
        let exited: AsyncStream<Void>
        let watchdog: Task<Void, any Error>

        init(folder: URL, arguments: [String] = []) throws {
            process.executableURL = CLI.executable
            process.arguments = ["run", folder.path, "--watch"] + arguments
            process.currentDirectoryURL = CLI.packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            process.environment = environment
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let (exited, continuation) = AsyncStream<Void>.makeStream()
            self.exited = exited
            process.terminationHandler = { _ in continuation.finish() }
            try process.run()
            let pid = process.processIdentifier
            watchdog = Task {
                try await Task.sleep(for: TestTime.duration(600))
                kill(pid, SIGKILL)
            }
        }

        func stop() {
            watchdog.cancel()
            if process.isRunning { process.terminate() }
        }
    }

    static func script(name: String, tree: String, password: String) -> String {
        LoginScript.expectingSuccess(name: name, simulate: tree, password: password)
    }

    @Test func anEditedScriptRunsAgainAloneAndSIGINTStopsTheWatch() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = folder.appendingPathComponent("tree.yaml").path
        try LoginTree.yaml().write(toFile: tree, atomically: true, encoding: .utf8)
        let first = folder.appendingPathComponent("first.yaml").path
        let second = folder.appendingPathComponent("second.yaml").path
        try Self.script(name: "First", tree: tree, password: "Ch4ng3it!").write(
            toFile: first, atomically: true, encoding: .utf8)
        try Self.script(name: "Second", tree: tree, password: "Ch4ng3it!").write(
            toFile: second, atomically: true, encoding: .utf8)

        let watch = try Watch(folder: folder)
        defer { watch.stop() }
        let process = watch.process
        var lines = Lines(watch.stdout).stream.makeAsyncIterator()

        let firstRun = await Self.read(&lines, until: "watching ")
        #expect(firstRun.contains { $0.hasPrefix("2 passed, 0 failed, 0 errors (2 scripts)") }, "\(firstRun)")
        #expect(firstRun.contains { $0.hasPrefix("▶ First") }, "\(firstRun)")

        // The second script now sends a wrong password: it runs again, alone, and fails.
        try Self.script(name: "Second", tree: tree, password: "wrong").write(
            toFile: second, atomically: true, encoding: .utf8)
        let rerun = await Self.read(&lines, until: "watching ")
        let separator = try #require(rerun.first { $0.hasPrefix("── ") }, "\(rerun)")
        #expect(separator.contains("modified"), "\(separator)")
        #expect(separator.contains("second.yaml"), "\(separator)")
        #expect(separator.hasSuffix("→ running 1 script again ──"), "\(separator)")
        #expect(rerun.contains { $0.hasPrefix("▶ Second") }, "\(rerun)")
        #expect(!rerun.contains { $0.hasPrefix("▶ First") }, "\(rerun)")
        #expect(rerun.contains { $0.hasPrefix("✘ failed") }, "\(rerun)")
        #expect(rerun.contains { $0.hasPrefix("0 passed, 1 failed, 0 errors (1 script)") }, "\(rerun)")

        process.interrupt()
        let stopped = await Waiting.ends(watch.exited, within: 60)
        #expect(stopped, "journey run --watch still ran 60 s after SIGINT")
        let last = await Self.read(&lines, until: "stopped watching")
        #expect(last.contains("stopped watching (exit code 1)"), "\(last)")
        // Returns at once once it has exited; a watch that did not stop has failed the test already,
        // and waiting on it would hold a pool thread until the watchdog.
        if stopped { process.waitUntilExit() }
        // A clean exit with the suite's latest verdict: the second script failed.
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
    }

    /// A Markdown guide runs again when it changes, and when the tree its block simulates does.
    @Test func anEditedGuideOrItsTreeRunsTheGuideAgain() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = folder.appendingPathComponent("tree.yaml").path
        try LoginTree.yaml().write(toFile: tree, atomically: true, encoding: .utf8)
        let guide = folder.appendingPathComponent("guide.md")
        func write(password: String) throws {
            let script = Self.script(name: "Guided", tree: "tree.yaml", password: password)
            let indented = script.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "   " + $0
            }
            let text = "# Guide\n\n1. Log in:\n\n   ```yaml journey\n" + indented.joined(separator: "\n") + "   ```\n"
            try Data(text.utf8).write(to: guide)
        }
        try write(password: "Ch4ng3it!")

        let watch = try Watch(folder: guide)
        defer { watch.stop() }
        var lines = Lines(watch.stdout).stream.makeAsyncIterator()
        let firstRun = await Self.read(&lines, until: "watching ")
        #expect(firstRun.contains { $0.hasPrefix("1 passed, 0 failed, 0 errors (1 script)") }, "\(firstRun)")
        #expect(firstRun.last?.contains("watching 2 files") == true, "the guide and its tree: \(firstRun)")

        try write(password: "wrong")
        let edited = await Self.read(&lines, until: "watching ")
        let separator = try #require(edited.first { $0.hasPrefix("── ") }, "\(edited)")
        #expect(separator.contains("modified") && separator.contains("guide.md"), "\(separator)")
        #expect(separator.hasSuffix("→ running 1 script again ──"), "\(separator)")
        #expect(edited.contains { $0.hasPrefix("▶ Guided") }, "\(edited)")
        #expect(edited.contains { $0.hasPrefix("0 passed, 1 failed, 0 errors (1 script)") }, "\(edited)")

        // The tree now holds the password the guide sends: the guide runs again and passes.
        try LoginTree.yaml().replacingOccurrences(of: "Ch4ng3it!", with: "wrong").write(
            toFile: tree, atomically: true, encoding: .utf8)
        let retreed = await Self.read(&lines, until: "watching ")
        let treeLine = try #require(retreed.first { $0.hasPrefix("── ") }, "\(retreed)")
        #expect(treeLine.contains("tree.yaml"), "\(treeLine)")
        #expect(retreed.contains { $0.hasPrefix("1 passed, 0 failed, 0 errors (1 script)") }, "\(retreed)")

        watch.process.interrupt()
        let last = await Self.read(&lines, until: "stopped watching")
        #expect(last.contains("stopped watching (exit code 0)"), "\(last)")
    }

    /// With `--tag`, a script edited out of the tag runs no more, and its last result no longer
    /// counts in the watch's exit code.
    @Test func aScriptNoLongerTaggedNoLongerCounts() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = folder.appendingPathComponent("tree.yaml").path
        try LoginTree.yaml().write(toFile: tree, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("tagged.yaml").path
        let failing = LoginScript.yaml(name: "Tagged", simulate: tree, password: "wrong")
        try (failing + "tags: [smoke]\nexpect: { outcome: success }\n").write(
            toFile: script, atomically: true, encoding: .utf8)
        let watch = try Watch(folder: folder, arguments: ["--tag", "smoke"])
        defer { watch.stop() }
        var lines = Lines(watch.stdout).stream.makeAsyncIterator()
        let firstRun = await Self.read(&lines, until: "watching ")
        #expect(firstRun.contains { $0.hasPrefix("0 passed, 1 failed, 0 errors (1 script)") }, "\(firstRun)")

        try (failing + "tags: [nightly]\nexpect: { outcome: success }\n").write(
            toFile: script, atomically: true, encoding: .utf8)
        let rerun = await Self.read(&lines, until: "watching ")
        #expect(!rerun.contains { $0.hasPrefix("▶ Tagged") }, "\(rerun)")

        watch.process.interrupt()
        let last = await Self.read(&lines, until: "stopped watching")
        #expect(last.contains("stopped watching (exit code 0)"), "\(last)")
    }

    /// A rerun reads `--env-file` again; one that no longer reads keeps the values last read
    /// (not those of the first run).
    @Test func anEnvFileThatNoLongerReadsKeepsTheValuesLastRead() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = folder.appendingPathComponent("tree.yaml").path
        try LoginTree.yaml().write(toFile: tree, atomically: true, encoding: .utf8)
        try
            (LoginScript.yaml(name: "From env", simulate: tree, passwordFromEnvironment: "WATCHED_PASSWORD")
            + "expect: { outcome: success }\n").write(
                to: folder.appendingPathComponent("env.yaml"), atomically: true, encoding: .utf8)
        let env = folder.appendingPathComponent("test.env").path
        try "WATCHED_PASSWORD=Ch4ng3it!\n".write(toFile: env, atomically: true, encoding: .utf8)
        let watch = try Watch(folder: folder, arguments: ["--env-file", env])
        defer { watch.stop() }
        var lines = Lines(watch.stdout).stream.makeAsyncIterator()
        let firstRun = await Self.read(&lines, until: "watching ")
        #expect(firstRun.contains { $0.hasPrefix("1 passed, 0 failed, 0 errors (1 script)") }, "\(firstRun)")

        try "WATCHED_PASSWORD=wrong\n".write(toFile: env, atomically: true, encoding: .utf8)
        let rerun = await Self.read(&lines, until: "watching ")
        #expect(rerun.contains { $0.hasPrefix("0 passed, 1 failed, 0 errors (1 script)") }, "\(rerun)")

        try "this line is not an assignment\n".write(toFile: env, atomically: true, encoding: .utf8)
        let broken = await Self.read(&lines, until: "watching ")
        #expect(broken.contains { $0.contains("keeps the values last read") }, "\(broken)")
        #expect(
            broken.contains { $0.hasPrefix("0 passed, 1 failed, 0 errors (1 script)") },
            "the last values read (the wrong password), not the first run's: \(broken)")
    }

    /// `journey run --watch | head`: once the reader is gone, the next rerun ends the watch.
    @Test func aWatchWhoseReaderIsGoneStopsAfterItsNextRerun() async throws {
        let folder = try TemporaryFiles.directory()
        let tree = folder.appendingPathComponent("tree.yaml").path
        try LoginTree.yaml().write(toFile: tree, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("only.yaml").path
        try Self.script(name: "Only", tree: tree, password: "Ch4ng3it!").write(
            toFile: script, atomically: true, encoding: .utf8)
        let watch = try Watch(folder: folder)
        defer { watch.stop() }
        let process = watch.process
        let stdout = watch.stdout
        let read = await Self.readThenClose(stdout, until: "watching ")
        #expect(read.contains("1 passed, 0 failed, 0 errors (1 script)"), "\(read)")
        try Self.script(name: "Only", tree: tree, password: "wrong").write(
            toFile: script, atomically: true, encoding: .utf8)
        let stopped = await Waiting.ends(watch.exited, within: 120)
        #expect(stopped, "the watch went on with nobody reading it")
        // Returns at once once it has exited; a watch that did not stop has failed the test already,
        // and waiting on it would hold a pool thread until the watchdog.
        if stopped { process.waitUntilExit() }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1, "the rerun failed: the suite's latest verdict")
    }

    /// Each refusal names its option in its golden transcript (`watchRefusesOptionsForOneRun.<options>.out`).
    @Test(arguments: [
        ["--format", "json"], ["--report", "json=out.json"], ["--record", "out.har"], ["--shard", "1/2"],
    ])
    func watchRefusesOptionsForOneRun(options: [String]) async throws {
        let output = try await CLI.run(["run", "journeys/", "--watch"] + options)
        #expect(output.status == 64, "\(output.stderr)")
        Golden.check(output, run: String(options.joined(separator: " ").map { $0.isLetter || $0.isNumber ? $0 : "-" }))
    }
}

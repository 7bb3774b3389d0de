import Foundation
import JourneyTestSupport
import Testing

/// `journey run … | head -1`: the reader goes away early, and the command still ends as it
/// would have, never killed by its own output (Foundation's non-throwing `FileHandle.write(_:)`
/// traps on a broken pipe; no code calls it).
@Suite struct ClosedOutputTests {
    @Test func aClosedStdoutEndsTheOutputNotTheProcess() async throws {
        let process = try await Self.run(["run", "journeys/login.yaml", "journeys/wrong-password.yaml"])
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }

    /// Every command that ends by itself, with both standard output and standard error gone
    /// before it writes: it ends with the code it would have had.
    static let commands: [([String], Int32)] = [
        (["run", "journeys/login.yaml", "--format", "json"], 0),
        (["run", "journeys/wrong-password.yaml", "--report", "json=/dev/null"], 0),
        (["lint", "journeys/login.yaml", "journeys/wrong-password.yaml"], 0),
        (["lint", "Tests/BadInputs/does-not-exist.yaml"], 2),
        (["schema"], 0),
        (["schema", "--simulator"], 0),
        (["--help"], 0),
        (["--version"], 0),
        (["run", "--no-such-option"], 64),
    ]

    @Test(arguments: commands)
    func everyCommandOutlivesClosedOutputs(arguments: [String], code: Int32) async throws {
        let process = try await Self.run(arguments, closingStderr: true)
        #expect(process.terminationReason == .exit, "\(arguments): ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == code, "\(arguments)")
    }

    /// `journey report merge a.json | head -n 1`.
    @Test func reportMergeOutlivesAClosedStdout() async throws {
        let folder = try TemporaryFiles.directory()
        let report = folder.appendingPathComponent("one.json").path
        let run = try await CLI.run(["run", "journeys/login.yaml", "--report", "json=\(report)"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let process = try await Self.run(["report", "merge", report], closingStderr: true)
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }

    /// `journey capture … | head -n 1`: the reader takes the listening line and goes; the live
    /// view's lines and the summary then go nowhere, and the capture still writes its files.
    @Test(.enabled(if: CurlApp.isInstalled, "curl is not installed"))
    func captureOutlivesAReaderThatLeftAfterTheFirstLine() async throws {
        let simulator = try await CaptureChild.exampleUpstream()
        let folder = try TemporaryFiles.directory()
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "capture", "--port", "0", "--upstream", simulator.baseURL, "--out", out.path, "--journeys", "1",
        ]
        process.currentDirectoryURL = CLI.packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try errors.fileHandleForReading.close()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var text = ""
                while !text.contains("\n") {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }
        }
        try output.fileHandleForReading.close()
        let url = try #require(line.components(separatedBy: "listening on ").last?.split(separator: " ").first)
        let origin = url.components(separatedBy: "/").prefix(3).joined(separator: "/")
        let done = try await CurlApp(folder: folder).walk(origin + CaptureTests.realm + "Login") { type, _ in
            .string(type == "NameCallback" ? "demo" : "Ch4ng3it!")
        }
        #expect(done.json?["tokenId"] != nil, "\(done.status) \(done.body)")
        for await _ in stream {}
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Login.yaml").path))
        await simulator.stop()
    }

    /// No source calls the `FileHandle.write(_:)` that traps on a broken pipe.
    @Test func noSourceCallsTheTrappingWrite() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(
            pattern: #"(FileHandle|[Hh]andle|standard(Output|Error))\)?\.write\((?!contentsOf:)"#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated()
            where pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                found.append(
                    "\(file.path.replacingOccurrences(of: sources.path, with: "Sources")):\(number + 1): \(line)")
            }
        }
        #expect(found.isEmpty, "FileHandle.write(_:) traps on a broken pipe; use write(contentsOf:): \(found)")
    }

    /// Runs `journey arguments` with standard output (and standard error) closed before it writes.
    static func run(_ arguments: [String], closingStderr: Bool = false) async throws -> Process {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLI.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        // The reading ends are gone before anything is written: every write fails with EPIPE.
        try output.fileHandleForReading.close()
        if closingStderr {
            let errors = Pipe()
            process.standardError = errors
            try errors.fileHandleForReading.close()
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        for await _ in stream {}
        return process
    }
}

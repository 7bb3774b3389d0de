import Foundation
import JourneyTestSupport
import Testing

/// Runs the built `journey` executable as a user would, with a time limit.
enum CLI {
    struct Output {
        /// The arguments `journey` ran with (its golden transcript's first line, ``Golden``).
        var arguments: [String] = []
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = Repository.root

    static var executable: URL {
        let candidates = [".build/debug/journey", ".build/release/journey"]
        for candidate in candidates {
            let url = packageRoot.appendingPathComponent(candidate)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(candidates[0])
    }

    /// Runs `journey arguments...` (the built binary, or `program`: a copy of it) in the package root
    /// (or `directory`); kills it as hanging after `timeout` seconds (scaled by `TestTime`).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil, timeout: Double = 600,
        program: URL? = nil
    ) async throws -> Output {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.merge(environment) { _, new in new }
        process.environment = env
        let stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-out-\(UUID().uuidString)")
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutFile)
            try? FileManager.default.removeItem(at: stderrFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = FileHandle.nullDevice
        let exit = ChildProcess.Exit(of: process)
        try process.run()
        if !(await exit.ended(within: timeout)) {
            await exit.stop(process)
            Issue.record(
                "journey \(arguments.joined(separator: " ")) did not finish within \(TestTime.seconds(timeout)) s")
        }
        return Output(
            arguments: arguments,
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")
    }
}

import Foundation

/// A helper program run by a test (python3, mitmdump), awaited without blocking a thread: a
/// test that blocked on one (a semaphore, `waitUntilExit`) held one of the few threads every
/// async test and in-process simulator shares, and requests to the simulators of other tests
/// then went unanswered for as long as the program ran (Mermaid: tens of seconds).
public enum ChildProcess {
    /// What a finished program left: its exit status, its standard output and its standard error.
    public struct Finished: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` with `arguments` to its end; its exit status and its standard output
    /// and error together. Killed after `timeout` seconds (scaled by ``TestTime``), which is then
    /// an error: a guard against a hang, never a measure of speed.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 600) async throws
        -> (status: Int32, output: String)
    {
        let finished = try await launch(executable, arguments, in: nil, timeout: timeout, mergingErrors: true)
        return (finished.status, finished.stdout)
    }

    /// Runs `executable` with `arguments` (in `directory`, or the test's own) to its end, its
    /// standard output and error kept apart; killed as ``run(_:_:timeout:)`` kills.
    public static func outputs(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, timeout: Double = 600
    ) async throws -> Finished {
        try await launch(executable, arguments, in: directory, timeout: timeout, mergingErrors: false)
    }

    private static func launch(
        _ executable: String, _ arguments: [String], in directory: URL?, timeout: Double, mergingErrors: Bool
    ) async throws -> Finished {
        let outputURL = try emptyFile()
        let errorsURL = try emptyFile()
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let errors = try FileHandle(forWritingTo: errorsURL)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = output
        process.standardError = mergingErrors ? output : errors
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        guard await Waiting.ends(stream, within: timeout) else {
            process.terminate()
            throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
        }
        return Finished(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "")
    }

    private static func emptyFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return url
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public var description: String { "\(command) did not end in time" }
    }
}

extension ChildProcess {
    /// The end of a started `Process`, awaited as often as needed without blocking a thread (an
    /// `AsyncStream` wait that ran out of time has ended its stream for good, and `waitUntilExit`
    /// blocks a pool thread). Create it before `run()`: it is the process's termination handler.
    public final class Exit: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        private var waiting: [AsyncStream<Void>.Continuation] = []

        public init(of process: Process) {
            process.terminationHandler = { [self] _ in
                let continuations = lock.withLock {
                    ended = true
                    defer { waiting = [] }
                    return waiting
                }
                for continuation in continuations { continuation.finish() }
            }
        }

        /// True once the process has exited, false if `seconds` (scaled by ``TestTime``) pass first.
        public func ended(within seconds: Double) async -> Bool {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            lock.withLock {
                if ended { continuation.finish() } else { waiting.append(continuation) }
            }
            return await Waiting.ends(stream, within: seconds)
        }

        /// Ends a process that has not ended by itself: `signal` (SIGTERM unless told), then SIGKILL
        /// if that did not end it within 10 s (a child can inherit SIGTERM ignored: seen with
        /// /bin/sleep under `swift test`); returns once it has exited (its status is then set) or,
        /// should even SIGKILL not take, after a minute more.
        public func stop(_ process: Process, with signal: Int32 = SIGTERM) async {
            kill(process.processIdentifier, signal)
            if await ended(within: 10) { return }
            kill(process.processIdentifier, SIGKILL)
            _ = await ended(within: 60)
        }
    }
}

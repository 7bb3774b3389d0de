import Foundation

/// A helper program run by a test (python3, mitmdump), awaited without blocking a thread: a
/// test that blocked on one (a semaphore, `waitUntilExit`) held one of the few threads every
/// async test and in-process simulator shares, and requests to the simulators of other tests
/// then went unanswered for as long as the program ran (Mermaid: tens of seconds).
public enum ChildProcess {
    /// Runs `executable` with `arguments` to its end; its exit status and its standard output
    /// and error together. Killed after `timeout` seconds (scaled by ``TestTime``), which is then
    /// an error: a guard against a hang, never a measure of speed.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 600) async throws
        -> (status: Int32, output: String)
    {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let handle = try FileHandle(forWritingTo: outputURL)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        guard await Waiting.ends(stream, within: timeout) else {
            process.terminate()
            throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
        }
        return (process.terminationStatus, (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "")
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public var description: String { "\(command) did not end in time" }
    }
}

import Foundation
import JourneySimulator
import JourneyTestSupport
import Testing

/// `journey capture` as a child process: started on an ephemeral port, ready once it prints the
/// URL it listens on (read from its standard output, never waited for by time).
struct CaptureChild {
    /// The simulator of the example trees (journeys/trees/am.yaml): the upstream the capture
    /// tests put the proxy in front of.
    static func exampleUpstream() async throws -> RunningSimulator {
        let definition = try SimulatorLoader.load(
            path: Repository.root.appendingPathComponent("journeys/trees/am.yaml").path)
        return try await Simulator.start(definition, options: SimulatorOptions(logRequests: false))
    }

    let process: Process
    /// `http://127.0.0.1:<port>`.
    let origin: String
    let exit: ChildProcess.Exit
    /// Everything it printed after the listening line, once it has exited.
    let rest: RestOfOutput

    final class RestOfOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ more: String) { lock.withLock { text += more } }
        var value: String { lock.withLock { text } }
    }

    static func start(_ arguments: [String]) async throws -> CaptureChild {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["capture", "--port", "0"] + arguments
        process.currentDirectoryURL = CLI.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let exit = ChildProcess.Exit(of: process)
        try process.run()
        let rest = RestOfOutput()
        let origin = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            Thread.detachNewThread {
                var text = ""
                var found = false
                while true {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty {
                        if !found { continuation.resume(returning: nil) }
                        return
                    }
                    if found {
                        rest.append(String(decoding: data, as: UTF8.self))
                        continue
                    }
                    text += String(decoding: data, as: UTF8.self)
                    if let range = text.range(of: "listening on "),
                        let end = text[range.upperBound...].firstIndex(of: "\n")
                    {
                        let url = text[range.upperBound..<end].split(separator: " ").first.map(String.init) ?? ""
                        let origin = url.components(separatedBy: "/").prefix(3).joined(separator: "/")
                        found = true
                        rest.append(String(text[end...]))
                        continuation.resume(returning: origin)
                    }
                }
            }
        }
        guard let origin else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "journey capture did not start"])
        }
        return CaptureChild(process: process, origin: origin, exit: exit, rest: rest)
    }

    /// Ends the proxy if it still runs: a test that fails before it stopped the proxy leaves none behind.
    func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the process to end by itself (`--journeys N`); interrupts it if it hangs.
    func waitForExit() async -> Int32 {
        let ended = await exit.ended(within: 120)
        if !ended {
            Issue.record("journey capture did not stop after its journeys")
            await exit.stop(process, with: SIGINT)
        }
        return process.terminationStatus
    }
}

import Foundation
import Testing

/// `journey run … | head -1`: the reader goes away early, and the run still ends with its verdict.
@Suite struct ClosedOutputTests {
    @Test func aClosedStdoutEndsTheOutputNotTheProcess() async throws {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["run", "journeys/login.yaml", "journeys/wrong-password.yaml"]
        process.currentDirectoryURL = CLI.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // The reading end is gone before anything is written: every write fails with EPIPE.
        try output.fileHandleForReading.close()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        for await _ in stream {}
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}

import Foundation
import JourneyCore
import JourneyKit
import JourneyTestSupport
import Testing

/// `journey simulate` as a process: signals, and faults a run must survive.
@Suite struct SimulatorProcessTests {
    /// A running `journey simulate` child process and the port it listens on.
    struct Child {
        let process: Process
        let port: Int
        let exited: AsyncStream<Void>
    }

    static func simulate(_ arguments: [String]) async throws -> Child {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["simulate"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = CLI.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let (exited, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        // The listening line, read on a thread of its own (a blocking read must not hold one of the
        // concurrency pool's threads); an empty read means the process ended first.
        let port = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            Thread.detachNewThread {
                var text = ""
                while true {
                    let data = errors.fileHandleForReading.availableData
                    if data.isEmpty { return continuation.resume(returning: nil) }
                    text += String(decoding: data, as: UTF8.self)
                    if let range = text.range(of: "listening on http://127.0.0.1:") {
                        let digits = text[range.upperBound...].prefix { $0.isNumber }
                        if text[range.upperBound...].dropFirst(digits.count).first == "/" {
                            return continuation.resume(returning: Int(digits))
                        }
                    }
                }
            }
        }
        guard let port else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        return Child(process: process, port: port, exited: exited)
    }

    @Test func sigtermStopsTheSimulatorWhileADelayIsPending() async throws {
        let child = try await Self.simulate(["journeys/trees/am.yaml"])
        let root = "http://127.0.0.1:\(child.port)"
        let transport = HTTPTransport()
        let delayed = Task {
            try? await transport.send(
                TransportRequest(
                    method: "POST", url: root + "/am/json/realms/root/authenticate",
                    headers: [HeaderField("X-Simulator-Fault", "hang")], timeoutSeconds: TestTime.seconds(3600)))
        }
        var held = 0
        for _ in 0..<5_000 where held == 0 {
            let stats = try await transport.send(
                TransportRequest(method: "GET", url: root + "/__simulator/stats", timeoutSeconds: TestTime.request))
            held = (try? JSONValue.parse(stats.body))?["heldRequests"]?.intValue ?? 0
            await Task.yield()
        }
        #expect(held == 1)
        kill(child.process.processIdentifier, SIGTERM)
        // The pending request never ends by itself: a stop at all means it did not hold the stop.
        let stopped = await Waiting.ends(child.exited, within: 60)
        if !stopped { child.process.interrupt() }
        #expect(stopped, "journey simulate was still running after SIGTERM, held by a pending request")
        if stopped {
            // A graceful stop: the signal was handled, not the process killed by it.
            #expect(child.process.terminationReason == .exit)
            #expect(child.process.terminationStatus == 0)
        }
        delayed.cancel()
    }

    @Test func aServerHangingOnOneValueIsEndedByTheRunTimeout() async throws {
        let tree = try TemporaryFiles.file(
            "hang.yaml", LoginTree.yaml(credentialsFault: "{ kind: hangOnValue, value: hang-me }"))
        let script = try TemporaryFiles.file(
            "hang-script.yaml",
            """
            version: 1
            name: Hang
            server: { simulate: \(tree), timeout: \(TestTime.hang) }
            journey: Login
            handlers:
              NameCallback: hang-me
              PasswordCallback: { value: x, secret: true }
            """)
        let output = try await CLI.run(["run", script])
        #expect(output.status == 3, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
        // Not a transcript: the transcript has the timeout as <duration>; its figure is checked here.
        #expect(
            output.stdout.contains("no response within \(TestTime.hang) s (request timeout)"),
            "\(output.stdout)")
    }
}

import Foundation
import JourneyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A provider command runs in a process group of its own, which the terminal's Ctrl-C does not
/// reach: a run stopped by SIGINT or SIGTERM ends its providers first, and none outlives it.
@Suite struct ProviderSignalTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalToTheRunEndsTheProviderItWaitsOn(signalNumber: Int32) async throws {
        let folder = try TemporaryFiles.directory("journey-provider-signal")
        let fifo = folder.appendingPathComponent("pid").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let tree = Repository.root.appendingPathComponent("journeys/trees/am.yaml").path
        let script = try TemporaryFiles.file(
            "provider.yaml",
            """
            version: 1
            name: a provider that never ends
            server: { simulate: \(tree) }
            journey: Login
            handlers:
              NameCallback: { command: [sh, -c, "echo $$ > \(fifo); exec sleep 600"], timeout: 600000 }
              PasswordCallback: { value: Ch4ng3it!, secret: true }
            """)
        let run = Process()
        run.executableURL = CLI.executable
        run.arguments = ["run", script, "--allow-commands"]
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        run.standardInput = FileHandle.nullDevice
        let (exited, exit) = AsyncStream<Void>.makeStream()
        run.terminationHandler = { _ in exit.finish() }
        try run.run()
        defer { if run.isRunning { run.terminate() } }

        let provider = try #require(await Self.pid(writtenTo: fifo), "the provider never started")
        defer { if !Self.isGone(provider) { kill(provider, SIGKILL) } }
        #expect(!Self.isGone(provider))

        kill(run.processIdentifier, signalNumber)
        #expect(await Waiting.ends(exited, within: 60), "journey run did not end on the signal")
        #expect(run.terminationReason == .uncaughtSignal)
        #expect(run.terminationStatus == signalNumber)
        #expect(Self.isGone(provider), "the provider outlived the run")
    }

    /// The pid the provider writes to the FIFO, read when it writes it; nil when nothing comes.
    static func pid(writtenTo fifo: String) async -> pid_t? {
        let (read, done) = AsyncStream<Void>.makeStream()
        let text = Text()
        Thread.detachNewThread {
            // Opening a FIFO for reading waits for its writer: the event this test waits on.
            if let handle = FileHandle(forReadingAtPath: fifo) {
                text.value = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
                try? handle.close()
            }
            done.finish()
        }
        guard await Waiting.ends(read, within: 120) else {
            // Lets the reader thread go: a writer that opens and closes at once.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            return nil
        }
        return pid_t(text.value.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    final class Text: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        var value: String {
            get { lock.withLock { text } }
            set { lock.withLock { text = newValue } }
        }
    }

    /// True when no process has the pid, or only its zombie is left.
    static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return true }
        let state = stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first
        return state == "Z" || state == "X"
    }
}

import Foundation
import JourneyTestSupport
import Synchronization
import Testing

@testable import JourneyRun

/// A `command:` value source runs in a process group of its own: at its timeout the whole group
/// is stopped (TERM, then KILL after a grace), and a child it leaves behind neither outlives the
/// run nor keeps the runner reading the pipe it holds (issue 27).
@Suite struct CommandGroupTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journey-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The pid written in `file`, once it is there.
    static func pid(in file: URL) throws -> pid_t {
        let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(pid_t(text), "no pid in \(file.path): '\(text)'")
    }

    /// True while `pid` is a running process that nothing has killed: a zombie waiting for its
    /// reaper is not, nor is a process with a SIGKILL pending. `kill` only queues the signal; the
    /// process dies when it is next scheduled, which on a loaded machine is after `kill` returns
    /// (seen: the killed child still in state R as the test looked).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return errno != ESRCH }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X" && !hasKillPending(pid)
    }

    /// True when `/proc/<pid>/status` shows SIGKILL pending for the process or its thread.
    static func hasKillPending(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        let kill: UInt64 = 1 << (UInt64(SIGKILL) - 1)
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("ShdPnd:") || line.hasPrefix("SigPnd:"),
                let mask = UInt64(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            return mask & kill != 0
        }
    }

    /// `body`'s value, or nil and an issue when it runs past the hang guard. The body runs in
    /// a task of its own, so one that hangs is reported and left behind instead of hanging the suite.
    static func guarded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        let once = Once()
        let outcome: Result<T, any Error>? = await withCheckedContinuation { continuation in
            Task {
                let value: Result<T, any Error>
                do {
                    value = .success(try await body())
                } catch {
                    value = .failure(error)
                }
                if once.claim() { continuation.resume(returning: value) }
            }
            Task {
                try? await Task.sleep(for: TestTime.duration(120))
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
        guard let outcome else {
            Issue.record("the command did not come back before the hang guard")
            return nil
        }
        return try outcome.get()
    }

    @Test func aProgramThatIgnoresTermAndBacksAChildIsKilledWithItsGroupAtItsTimeout() async throws {
        let folder = try Self.folder()
        let child = folder.appendingPathComponent("child.pid")
        let main = folder.appendingPathComponent("main.pid")
        let script = "trap '' TERM; echo $$ > \(main.path); sleep 600 & echo $! > \(child.path); wait"
        let message = try await Self.guarded { () -> String in
            do throws(RunError) {
                // Long enough for sh to write both files on a busy machine: killed before, the test
                // would prove nothing (and it failed on a missing file at 300 ms under load).
                _ = try await ProviderCommand.run(["sh", "-c", script], timeoutMilliseconds: 5_000)
                return "no error"
            } catch {
                return error.message
            }
        }
        #expect(message == "provider command 'sh' timed out after 5000 ms")
        let childPid = try Self.pid(in: child)
        let mainPid = try Self.pid(in: main)
        #expect(!Self.isRunning(childPid), "the backgrounded child \(childPid) outlived the run")
        #expect(!Self.isRunning(mainPid), "the program \(mainPid) outlived the run")
        #expect(kill(-mainPid, 0) == -1 && errno == ESRCH || !Self.isRunning(childPid))
    }

    @Test func aChildHoldingTheOutputPipeDoesNotHoldTheRunner() async throws {
        let folder = try Self.folder()
        let child = folder.appendingPathComponent("child.pid")
        // The program answers and exits at once; its child keeps stdout open for 10 minutes,
        // the longest timeout a script may give.
        let script = "sleep 600 & echo $! > \(child.path); echo value"
        let value = try await Self.guarded {
            try await ProviderCommand.run(["sh", "-c", script], timeoutMilliseconds: 600_000)
        }
        #expect(value == "value")
        let childPid = try Self.pid(in: child)
        #expect(!Self.isRunning(childPid), "the child \(childPid) outlived the run")
    }

    @Test func anOrdinaryProgramStillAnswersAndFails() async throws {
        #expect(try await ProviderCommand.run(["echo", "hello"], timeoutMilliseconds: 60_000) == "hello")
        let error = await #expect(throws: RunError.self) {
            try await ProviderCommand.run(["sh", "-c", "echo oops >&2; exit 3"], timeoutMilliseconds: 60_000)
        }
        #expect(error?.message == "provider command 'sh' failed with exit code 3: oops")
        let missing = await #expect(throws: RunError.self) {
            try await ProviderCommand.run(["no-such-program-journey"], timeoutMilliseconds: 60_000)
        }
        #expect(missing?.message.contains("could not start") == true, "\(String(describing: missing))")
    }
}

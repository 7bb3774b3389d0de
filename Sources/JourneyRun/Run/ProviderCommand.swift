import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A provider command (`command:` value source): runs it (no shell) with a timeout and returns its trimmed standard output.
///
/// The program runs in a process group of its own, with standard input from /dev/null. At its
/// timeout the whole group gets SIGTERM, then SIGKILL after ``graceMilliseconds``; once the
/// program has exited, what is left of its group (a child it put in the background) is killed,
/// and the runner stops reading: a pipe such a child holds open never keeps it waiting.
enum ProviderCommand {
    /// How long a group that got SIGTERM has before SIGKILL.
    static let graceMilliseconds = 2_000
    /// The most standard output a program may write: its value.
    static let maximumOutputBytes = 1 << 20
    /// The most standard error kept for the message of a program that fails.
    static let maximumErrorBytes = 64 << 10

    static func run(_ arguments: [String], timeoutMilliseconds: Int) async throws(RunError) -> String {
        guard let executable = arguments.first else { throw RunError(.script, "empty provider command") }
        let stop = StopFlag()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                // The program is watched on a thread of its own: poll(2) blocks, and the
                // concurrency pool's few threads must not.
                Thread.detachNewThread {
                    continuation.resume(
                        returning: runBlocking(arguments, timeoutMilliseconds: max(1, timeoutMilliseconds), stop: stop))
                }
            }
        } onCancel: {
            stop.set()
        }
        let name = "provider command '\(executable)'"
        switch outcome {
        case .couldNotStart(let reason):
            throw RunError(.script, "\(name) could not start: \(reason)")
        case .timedOut:
            throw RunError(.script, "\(name) timed out after \(timeoutMilliseconds) ms")
        case .cancelled:
            throw RunError(.script, "\(name) was stopped: the run was cancelled")
        case .tooMuchOutput:
            throw RunError(.script, "\(name) wrote more than the limit of \(maximumOutputBytes) bytes")
        case .finished(let status, let output, let errors):
            let detail = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let suffix = detail.isEmpty ? "" : ": \(detail.prefix(200))"
            if status & 0x7f != 0 {
                throw RunError(.script, "\(name) was killed by signal \(status & 0x7f)\(suffix)")
            }
            let code = (status >> 8) & 0xff
            guard code == 0 else { throw RunError(.script, "\(name) failed with exit code \(code)\(suffix)") }
            return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    enum Outcome: Sendable {
        case couldNotStart(String)
        case timedOut
        case cancelled
        case tooMuchOutput
        /// The program's wait status, its standard output and the start of its standard error.
        case finished(status: Int32, output: [UInt8], errors: [UInt8])
    }

    /// Set when the task that runs the command is cancelled.
    final class StopFlag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .relaxed) }
        var isSet: Bool { value.load(ordering: .relaxed) }
    }

    /// Spawns the program in a group of its own and watches it until it has exited; then sends
    /// SIGKILL to what is left of its group and returns without waiting for those to go (they are
    /// not our children: their new parent reaps them, and a container whose init reaps nothing
    /// would keep them in the group as zombies). SIGKILL cannot be caught, so none outlives it;
    /// the runner's pipe is closed, so none holds it either (docs/security.md, "Run programs").
    static func runBlocking(_ arguments: [String], timeoutMilliseconds: Int, stop: StopFlag) -> Outcome {
        _ = collectsExitStatus
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard openPipe(&output) else { return .couldNotStart(String(cString: strerror(errno))) }
        guard openPipe(&errors) else {
            let reason = String(cString: strerror(errno))
            close(output[0])
            close(output[1])
            return .couldNotStart(reason)
        }
        let spawned = spawn(arguments, output: output[1], errors: errors[1])
        close(output[1])
        close(errors[1])
        let pid: pid_t
        switch spawned {
        case .failure(let failure):
            close(output[0])
            close(errors[0])
            return .couldNotStart(failure.reason)
        case .success(let child):
            pid = child
        }
        ProviderGroups.add(pid)
        defer { ProviderGroups.remove(pid) }
        let streams = [
            Stream(descriptor: output[0], limit: maximumOutputBytes + 1),
            Stream(descriptor: errors[0], limit: maximumErrorBytes),
        ]
        defer { for stream in streams { stream.close() } }
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(timeoutMilliseconds) * 1_000_000
        var ending: Outcome?
        var killAt: UInt64?
        while true {
            let open = streams.filter { $0.descriptor >= 0 }
            var descriptors = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 20)
            for stream in open { stream.drain() }
            if hasExited(pid) {
                for stream in streams { stream.drain() }
                // What is left of the group (a child in the background) goes with it.
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                if let ending { return ending }
                if streams[0].bytes.count > maximumOutputBytes { return .tooMuchOutput }
                return .finished(status: status, output: streams[0].bytes, errors: streams[1].bytes)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if ending == nil {
                if streams[0].bytes.count > maximumOutputBytes {
                    ending = .tooMuchOutput
                } else if stop.isSet {
                    ending = .cancelled
                } else if now >= deadline {
                    ending = .timedOut
                }
                if ending != nil {
                    kill(-pid, SIGTERM)
                    killAt = now + UInt64(graceMilliseconds) * 1_000_000
                }
            } else if let killAt, now >= killAt {
                kill(-pid, SIGKILL)
            }
        }
    }

    /// A pipe whose ends close on exec (the spawn's file actions give the program its own copies).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// True once the program has exited; it is left to be reaped, so its pid (the group's id)
    /// cannot be reused while the group is killed.
    /// A parent that ignored SIGCHLD hands that on through exec, and the kernel then reaps our
    /// children itself: a program that failed would read as exit 0. Set back to the default once.
    private static let collectsExitStatus: Void = {
        signal(SIGCHLD, SIG_DFL)
    }()

    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return errno == ECHILD }
        return info.si_signo == SIGCHLD
    }

    /// Starts the program (found on PATH when it names no folder) in a process group of its own,
    /// with default signal handling, standard input from /dev/null and the given output pipes.
    private static func spawn(_ arguments: [String], output: Int32, errors: Int32) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        let strings = arguments.map { strdup($0) }
        defer { for string in strings { free(string) } }
        var argv: [UnsafeMutablePointer<CChar>?] = strings + [nil]
        var pid = pid_t()
        let executable = arguments.first ?? ""
        let result =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
            : posix_spawnp(&pid, executable, &actions, &attributes, &argv, environ)
        guard result == 0 else { return .failure(SpawnFailure(reason: String(cString: strerror(result)))) }
        return .success(pid)
    }

    struct SpawnFailure: Error {
        var reason: String
    }

    /// The read end of a pipe, read without blocking; bytes past `limit` are read and dropped.
    final class Stream {
        private(set) var descriptor: Int32
        private(set) var bytes: [UInt8] = []
        private let limit: Int

        init(descriptor: Int32, limit: Int) {
            self.descriptor = descriptor
            self.limit = limit
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        /// Reads what the pipe holds now; closes it at its end.
        func drain() {
            guard descriptor >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let room = max(0, limit - bytes.count)
                    bytes += buffer.prefix(min(room, count))
                } else if count == 0 {
                    close()
                    return
                } else if errno == EINTR {
                    continue
                } else {
                    if errno != EAGAIN && errno != EWOULDBLOCK { close() }
                    return
                }
            }
        }

        func close() {
            guard descriptor >= 0 else { return }
            closeDescriptor(descriptor)
            descriptor = -1
        }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

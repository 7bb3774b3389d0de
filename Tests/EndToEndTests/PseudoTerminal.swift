import Foundation
import JourneyTestSupport
import Testing

/// Runs `journey` in a real pseudo-terminal (Python's standard `pty` module, from the suite's
/// venv) as a person at an 80-column terminal would: wait for a text to appear, type a line;
/// every wait is on output, bounded only by a hang guard.
enum PseudoTerminal {
    /// What to wait for, then what to type (`\u{3}` alone is Ctrl-C; anything else is a line).
    struct Turn: Encodable {
        var wait: String
        var type: String
    }

    struct Session: Decodable {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// Everything the terminal showed.
        var screen: String
        /// Set when a wait was not met before the hang guard: what it waited for.
        var stuck: String?
    }

    /// Runs `shell` (a `/bin/sh -c` command line) in `directory`, in a terminal of 80 columns
    /// with `NO_COLOR` set; `pty: false` gives it the lines on a pipe instead. Awaits the driver
    /// without holding a thread of the concurrency pool (the in-process simulators of other tests
    /// answer on those threads).
    static func run(
        _ shell: String, turns: [Turn], in directory: URL, environment: [String: String] = [:], pty: Bool = true
    ) async throws -> Session {
        let python = try #require(PythonTools.executable("python3"), Comment(rawValue: PythonTools.missing("python3")))
        let folder = try TemporaryFiles.directory("journey-pty")
        let driver = folder.appendingPathComponent("drive.py")
        try Self.driver.write(to: driver, atomically: true, encoding: .utf8)
        struct Spec: Encodable {
            var shell: String
            var cwd: String
            var env: [String: String]
            var turns: [Turn]
            var pty: Bool
            var guardSeconds: Double
        }
        var env = environment
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "80"
        let spec = Spec(
            shell: shell, cwd: directory.path, env: env, turns: turns, pty: pty, guardSeconds: TestTime.command)
        let specFile = folder.appendingPathComponent("spec.json")
        try JSONEncoder().encode(spec).write(to: specFile)
        // The driver bounds each wait by the guard; this outer bound only catches the driver hanging.
        let driven = try await ChildProcess.outputs(
            python, [driver.path, specFile.path], timeout: 600 * Double(turns.count + 2))
        if !driven.stderr.isEmpty { FileHandle.standardError.write(Data(driven.stderr.utf8)) }
        return try JSONDecoder().decode(Session.self, from: Data(driven.stdout.utf8))
    }

    /// The `journey` executable the tests built, quoted for `/bin/sh`.
    static var journey: String { "'" + CLI.executable.path + "'" }

    static let driver = #"""
        import json, os, pty, select, signal, subprocess, sys, termios, fcntl, struct, time

        spec = json.load(open(sys.argv[1]))
        env = dict(os.environ)
        env.update(spec["env"])
        guard = spec["guardSeconds"]
        screen = b""
        stuck = None

        def finish(status):
            sys.stdout.write(json.dumps({"status": status, "screen": screen.decode("utf-8", "replace"),
                                         "stuck": stuck}))
            sys.exit(0)

        if not spec["pty"]:
            lines = "".join(t["type"] + "\n" for t in spec["turns"])
            done = subprocess.run(["/bin/sh", "-c", spec["shell"]], cwd=spec["cwd"], env=env,
                                  input=lines.encode(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=guard)
            screen = done.stdout
            finish(done.returncode if done.returncode >= 0 else 128 - done.returncode)

        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.chdir(spec["cwd"])
            os.execve("/bin/sh", ["/bin/sh", "-c", spec["shell"]], env)

        def read_some(until):
            global screen
            ready, _, _ = select.select([fd], [], [], max(0, until - time.monotonic()))
            if not ready:
                return False
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return None
            if not chunk:
                return None
            screen += chunk
            return True

        seen = 0
        for turn in spec["turns"]:
            wanted = turn["wait"].encode()
            until = time.monotonic() + guard
            while screen.find(wanted, seen) < 0:
                got = read_some(until)
                if not got:
                    stuck = turn["wait"]
                    break
            if stuck is not None:
                break
            seen = screen.find(wanted, seen) + len(wanted)
            os.write(fd, turn["type"].encode() if turn["type"] == "\x03" else turn["type"].encode() + b"\r")

        until = time.monotonic() + guard
        while True:
            got = read_some(until)
            if got is None:
                break
            if got is False:
                stuck = stuck or "the end of the output"
                os.kill(pid, signal.SIGKILL)
                break
        _, status = os.waitpid(pid, 0)
        finish(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """#
}

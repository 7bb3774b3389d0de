import Dispatch
import Foundation
import JourneyCore
import JourneyReport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a walk stopped before its end, with nothing written.
package struct WalkStop: Error, Sendable, CustomStringConvertible {
    package var description: String
    /// The exit code: 2 for input that ended early or a refusal, 3 for a file not written.
    package var exitCode: Int32

    package init(_ description: String, exitCode: Int32 = 2) {
        self.description = description
        self.exitCode = exitCode
    }
}

/// The signal handlers ``WalkTerminal/handleInterrupts()`` installed, while it is kept.
package final class WalkInterrupts {
    private let sources: [any DispatchSourceSignal]

    init(sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

/// The terminal a walk talks through: what it shows goes to standard output, the answers come
/// from standard input a line at a time. On a terminal a secret is read without echo, and the
/// terminal's settings are restored however the walk ends, Ctrl-C included (exit 130). When
/// standard input is not a terminal, each answer is one line of it, and input that ends before
/// the journey does stops the walk.
package final class WalkTerminal: Sendable {
    /// Standard input is a terminal.
    package let interactive: Bool
    package let style: ConsoleStyle
    /// The terminal's settings while a secret is read without echo, to restore on Ctrl-C.
    private let echoOff = Mutex<termios?>(nil)
    /// While the files are written, Ctrl-C waits: they are written whole, all of them or none.
    private let writing = Mutex(false)
    private let interrupted = Mutex(false)

    /// The longest answer read (a line longer than this stops the walk).
    static let maximumLineBytes = 64 * 1024

    /// `useColor`: the caller decides (a terminal on standard output, no `NO_COLOR`, no `--no-color`).
    package init(useColor: Bool) {
        interactive = isatty(STDIN_FILENO) != 0
        style = ConsoleStyle(useColor: useColor)
    }

    /// Ctrl-C (or SIGTERM) from now on restores the terminal and exits 130 (143) with nothing
    /// written; during ``whileWriting(_:)`` it waits for the files to be written. Keep what it
    /// returns for as long as the walk goes on.
    package func handleInterrupts() -> WalkInterrupts {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                restoreEcho()
                let busy = writing.withLock { busy in
                    if busy { interrupted.withLock { $0 = true } }
                    return busy
                }
                if busy { return }
                Self.writeOut("\n" + style.paint("interrupted: nothing written", .yellow) + "\n")
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
        return WalkInterrupts(sources: sources)
    }

    /// Runs `body` with Ctrl-C held until it returns; an interrupt that came meanwhile exits 130 then.
    package func whileWriting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        writing.withLock { $0 = true }
        defer {
            writing.withLock { $0 = false }
            if interrupted.withLock({ $0 }) {
                Self.writeOut("\n")
                exit(130)
            }
        }
        return try body()
    }

    /// Writes `text` to standard output as it is (the caller made server text visible).
    package func show(_ text: String) {
        Self.writeOut(text)
    }

    /// Shows `prompt` and reads one answer. `secret`: read without echo on a terminal, and never
    /// shown. Off a terminal the answer is shown after the prompt (a secret as nothing), so the
    /// output reads as the walk went.
    package func ask(_ prompt: String, secret: Bool = false) async throws(WalkStop) -> String {
        let hide = secret && interactive
        // Echo goes off before the prompt shows: whatever is typed once it is seen stays hidden.
        if hide { hideEcho() }
        show(prompt)
        let line = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<String, WalkStop>, Never>) in
            // A blocking read on a thread of its own, not on the cooperative pool.
            Thread { continuation.resume(returning: Self.readLine()) }.start()
        }
        if hide {
            restoreEcho()
            show("\n")
        }
        if case .failure = line { show("\n") }
        let answer = try line.get()
        if !interactive { show(secret ? "\n" : VisibleText.escaped(answer) + "\n") }
        return answer
    }

    /// One line of standard input, without its line break (and a carriage return before it).
    private static func readLine() -> Result<String, WalkStop> {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if bytes.isEmpty {
                    return .failure(
                        WalkStop("the input ended before the journey did (one answer a line): nothing written"))
                }
                break
            }
            if byte == 0x0A { break }
            bytes.append(byte)
            if bytes.count > maximumLineBytes {
                return .failure(WalkStop("an answer is longer than \(maximumLineBytes) bytes: nothing written"))
            }
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    private func hideEcho() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        echoOff.withLock { $0 = settings }
        var hidden = settings
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &hidden)
    }

    private func restoreEcho() {
        echoOff.withLock { saved in
            guard var settings = saved else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            saved = nil
        }
    }

    private static func writeOut(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

import ArgumentParser
import Foundation
import JourneyKit

/// The one way a command stops on an error: `error: <message>` on standard error, then the
/// process ends with the code (thrown as ArgumentParser's `ExitCode`, never `exit()`, so every
/// `defer` and `stopAll()` on the way out runs).
enum CommandExit {
    /// Writes `error: message` and returns the exit code to throw.
    static func error(_ message: String, code: Int32 = 2) -> ExitCode {
        StandardError.write("error: \(message)")
        return ExitCode(code)
    }

    /// Runs a command's body; a ``CommandFailure`` from the library becomes its message and exit code.
    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as CommandFailure where failure.isRendered {
            StandardError.write(failure.message)
            throw ExitCode(failure.exitCode)
        } catch let failure as CommandFailure {
            throw error(failure.message, code: failure.exitCode)
        } catch let problem as EnvFile.Problem {
            throw error(problem.description)
        }
    }
}

/// Lines for the user that are not the command's output (progress, where files went, problems).
/// Written with the throwing `write(contentsOf:)`: Foundation's `write(_:)` traps when the
/// reader has gone (`2>&1 | head -n 1`), and a line nobody reads is no error.
enum StandardError {
    /// `text` as a line (a line break added when it has none).
    static func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// `text` as it is.
    static func writeAsIs(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}

/// A command's output written whole: a closed standard output (`| head -n 1`) ends the output,
/// never the process (see `StandardError`).
enum StandardOutput {
    static func write(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}

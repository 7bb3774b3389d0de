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
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

import Foundation

/// Runs a provider command (no shell) with a timeout and returns its trimmed standard output.
enum CommandRunner {
    static func run(_ arguments: [String], timeoutMilliseconds: Int) async throws(RunError) -> String {
        guard let executable = arguments.first else { throw RunError(.script, "empty provider command") }
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            finished.continuation.yield()
            finished.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            throw RunError(.script, "provider command '\(executable)' could not start: \(error.localizedDescription)")
        }
        let completed = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in finished.stream { return true }
                return true
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(max(1, timeoutMilliseconds)) * 1_000_000)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !completed {
            process.terminate()
            throw RunError(.script, "provider command '\(executable)' timed out after \(timeoutMilliseconds) ms")
        }
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let detail = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw RunError(
                .script,
                "provider command '\(executable)' failed with exit code \(process.terminationStatus)"
                    + (detail.isEmpty ? "" : ": \(detail.prefix(200))"))
        }
        return stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

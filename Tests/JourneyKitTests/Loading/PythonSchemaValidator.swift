import Foundation
import JourneyTestSupport

/// Runs scripts/validate_schema.py (Python's jsonschema, Draft 2020-12) on files, with a timeout,
/// with the python3 of the test suite's virtual environment (`PythonTools`).
enum PythonSchemaValidator {
    struct Result {
        var exitCode: Int32
        var output: String
    }

    enum Failure: Error, CustomStringConvertible {
        case timedOut(String)
        case cannotLaunch(String)

        var description: String {
            switch self {
            case .timedOut(let command): return "\(command) did not finish within 60 s and was killed"
            case .cannotLaunch(let reason): return "cannot run python3: \(reason)"
            }
        }
    }

    static let setupHint = "the schema tests need python3 with the jsonschema and pyyaml modules"

    /// Nil when python3, jsonschema and PyYAML are usable; otherwise why not.
    static func unavailableReason() -> String? {
        guard let python = PythonTools.executable("python3") else {
            return "\(setupHint): \(PythonTools.missing("python3"))"
        }
        do {
            let result = try run([python, "-c", "import jsonschema, yaml"])
            return result.exitCode == 0 ? nil : "\(setupHint) (\(PythonTools.setupHint)): \(result.output)"
        } catch {
            return "\(setupHint): \(error)"
        }
    }

    /// Validates `files` against schemas/journey.schema.json.
    static func validate(_ files: [String]) throws -> Result {
        let root = LoaderTestSupport.repositoryRoot.path
        guard let python = PythonTools.executable("python3") else {
            throw Failure.cannotLaunch(PythonTools.missing("python3"))
        }
        return try run([python, "\(root)/scripts/validate_schema.py", "\(root)/schemas/journey.schema.json"] + files)
    }

    /// Runs a command (its first argument an executable's path), killing it after `timeout` seconds.
    static func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Result {
        let outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("validate-schema-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw Failure.cannotLaunch("cannot create \(outputURL.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }

        let process = Process()
        guard let executable = arguments.first else { throw Failure.cannotLaunch("no command") }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = output
        process.standardError = output
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw Failure.cannotLaunch("\(error)")
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Failure.timedOut(arguments.joined(separator: " "))
        }
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return Result(exitCode: process.terminationStatus, output: text)
    }
}

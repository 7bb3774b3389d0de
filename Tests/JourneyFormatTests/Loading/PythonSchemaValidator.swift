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
            case .timedOut(let command): return "\(command) did not finish in time and was killed"
            case .cannotLaunch(let reason): return "cannot run python3: \(reason)"
            }
        }
    }

    static let setupHint = "the schema tests need python3 with the jsonschema and pyyaml modules"

    /// Nil when python3, jsonschema and PyYAML are usable; otherwise why not.
    static func unavailableReason() async -> String? {
        guard let python = PythonTools.executable("python3") else {
            return "\(setupHint): \(PythonTools.missing("python3"))"
        }
        do {
            let result = try await run([python, "-c", "import jsonschema, yaml"])
            return result.exitCode == 0 ? nil : "\(setupHint) (\(PythonTools.setupHint)): \(result.output)"
        } catch {
            return "\(setupHint): \(error)"
        }
    }

    /// Validates `files` against schemas/journey.schema.json.
    static func validate(_ files: [String]) async throws -> Result {
        let root = LoaderTestSupport.repositoryRoot.path
        guard let python = PythonTools.executable("python3") else {
            throw Failure.cannotLaunch(PythonTools.missing("python3"))
        }
        return try await run(
            [python, "\(root)/scripts/validate_schema.py", "\(root)/schemas/journey.schema.json"] + files)
    }

    /// Runs a command (its first argument an executable's path), awaited without holding a
    /// thread (`ChildProcess`), killed after `timeout` seconds.
    static func run(_ arguments: [String], timeout: Double = 60) async throws -> Result {
        guard let executable = arguments.first else { throw Failure.cannotLaunch("no command") }
        do {
            let (status, output) = try await ChildProcess.run(
                executable, Array(arguments.dropFirst()), timeout: timeout)
            return Result(exitCode: status, output: output)
        } catch let timedOut as ChildProcess.TimedOut {
            throw Failure.timedOut(timedOut.command)
        } catch {
            throw Failure.cannotLaunch("\(error)")
        }
    }
}

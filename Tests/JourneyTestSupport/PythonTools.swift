import Foundation

/// The Python tools some tests run (python3 with jsonschema and PyYAML, mitmproxy's mitmdump),
/// taken from the test suite's own virtual environment: `./scripts/test` creates it with
/// `scripts/test-venv` (at `.build/test-venv`) and exports `JOURNEY_TEST_VENV` for `swift test`.
/// Never the machine's own Python packages, unless no environment exists at all.
public enum PythonTools {
    /// How to get the tools, for messages naming a missing one.
    public static let setupHint =
        "run ./scripts/test, or scripts/test-venv to create .build/test-venv, then swift test"

    /// The environment's folder: `JOURNEY_TEST_VENV` when set, else `.build/test-venv` in the
    /// repository when it exists, else nil.
    public static var environment: String? {
        environment(variables: ProcessInfo.processInfo.environment)
    }

    static func environment(variables: [String: String]) -> String? {
        if let explicit = variables["JOURNEY_TEST_VENV"], !explicit.isEmpty { return explicit }
        let local = Repository.path(".build/test-venv")
        return FileManager.default.fileExists(atPath: local + "/bin") ? local : nil
    }

    /// The executable `name` (`python3`, `mitmdump`): from the environment's `bin` when there is
    /// an environment (and nil when it lacks the tool: the environment is incomplete), else from
    /// `PATH`.
    public static func executable(_ name: String) -> String? {
        executable(name, variables: ProcessInfo.processInfo.environment)
    }

    static func executable(_ name: String, variables: [String: String]) -> String? {
        let directories: [String]
        if let environment = environment(variables: variables) {
            directories = [environment + "/bin"]
        } else {
            directories = (variables["PATH"] ?? "").split(separator: ":").map(String.init)
        }
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why `name` cannot be run: where it was looked for and how to get it.
    public static func missing(_ name: String) -> String {
        let place = environment.map { "in \($0)/bin" } ?? "on PATH (no .build/test-venv and no JOURNEY_TEST_VENV)"
        return "\(name) is not installed \(place): \(setupHint)"
    }
}

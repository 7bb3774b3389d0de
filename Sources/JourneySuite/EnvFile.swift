import Foundation
import JourneyCore

/// Reads an env file (dotenv's grammar: ``EnvFileParser``) into a dictionary.
package enum EnvFile {
    /// A file that cannot be read or a line that is not `KEY=VALUE`, said for humans (`file:line: ...`).
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The variables of the env file at `path`.
    package static func read(_ path: String) throws(Problem) -> [String: String] {
        let text: String
        do {
            text = try SourceFile.read(path)
        } catch {
            throw Problem(description: "cannot read env file \(path): \(error.message)")
        }
        return try EnvFileParser.parse(text, file: path)
    }

    /// `name=value` pairs from `--var`.
    package static func parseAssignments(_ assignments: [String]) throws(Problem) -> [String: String] {
        var values: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw Problem(description: "--var expects name=value, got '\(assignment)'")
            }
            values[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return values
    }
}

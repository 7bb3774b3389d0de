import Foundation
import JourneyCore

/// Reads `KEY=VALUE` lines (`#` comments, optional `export`, optional quotes) into a dictionary.
package enum EnvFile {
    /// A file that cannot be read or a line that is not `KEY=VALUE`, said for humans.
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
        var values: [String: String] = [:]
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst("export ".count)) }
            guard let equals = line.firstIndex(of: "=") else {
                throw Problem(description: "\(path):\(number + 1): expected KEY=VALUE")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            values[key] = value
        }
        return values
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

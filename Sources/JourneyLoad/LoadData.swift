import Foundation
import JourneyCore
import SwiftCSV

/// Variables per virtual user from a CSV file: the header row names the variables, each further
/// row is one user's values, cycled when there are more users (or arrivals) than rows.
package struct LoadData: Sendable {
    package let names: [String]
    package let rows: [[String]]

    /// CSV files larger than this are refused.
    package static let maxBytes = 16 * 1024 * 1024

    package init(names: [String], rows: [[String]]) {
        self.names = names
        self.rows = rows
    }

    package static func load(path: String) throws(LoadOptionError) -> LoadData {
        let data: Data
        do {
            data = try SourceFile.bytes(path, limit: maxBytes, what: "a --data file")
        } catch {
            let reason = error.message.replacingOccurrences(of: "cannot read the file: ", with: "")
            throw LoadOptionError("--data \(path) cannot be read: \(reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadOptionError("--data \(path) is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    package static func parse(_ text: String, file: String) throws(LoadOptionError) -> LoadData {
        let csv: EnumeratedCSV
        do {
            csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false)
        } catch {
            throw LoadOptionError("--data \(file) is not CSV: \(error)")
        }
        let names = csv.header.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, names.allSatisfy(isVariableName) else {
            throw LoadOptionError(
                "--data \(file): the header row must name variables (letters, digits, _), got \(names.joined(separator: ","))"
            )
        }
        guard Set(names).count == names.count else { throw LoadOptionError("--data \(file): a column is named twice") }
        let rows = csv.rows.filter { !($0.count == 1 && $0[0].isEmpty) }
        for (index, row) in rows.enumerated() where row.count != names.count {
            throw LoadOptionError(
                "--data \(file): row \(index + 2) has \(Plural.count(row.count, "value")), the header names \(names.count)"
            )
        }
        guard !rows.isEmpty else { throw LoadOptionError("--data \(file) has a header but no rows") }
        return LoadData(names: names, rows: rows)
    }

    /// The variables of user (or arrival) `index`.
    package func variables(for index: Int) -> [String: String] {
        let row = rows[index % rows.count]
        return Dictionary(zip(names, row), uniquingKeysWith: { first, _ in first })
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }
}

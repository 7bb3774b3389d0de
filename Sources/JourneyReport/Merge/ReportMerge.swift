import Foundation
import JourneyCore

/// `journey report merge`: joins the reports of the shards of one suite (``Shard``) into the
/// report of the whole suite, as one unsharded run would have written it: the same scripts,
/// counts and failures, and the worst exit code. See docs/sharding.md.
///
/// Each kind of report merges with its own kind; ``Kind`` says which a file is. A kind that
/// carries measurements (a histogram log of a load run) joins as another case, merged by adding
/// (never averaging) what the shards measured.
package enum ReportMerge {
    /// The kinds of report that merge.
    package enum Kind: String, Sendable, CaseIterable {
        /// The JSON report (docs/reports.md, "JSON format").
        case json
        /// journey's JUnit XML.
        case junit

        /// The kind of a report's text, from its first character; nil when it is neither.
        package init?(text: String) {
            switch text.first(where: { !$0.isWhitespace }) {
            case "{": self = .json
            case "<": self = .junit
            default: return nil
            }
        }
    }

    /// One report to merge: its text, and its name for messages (the file path).
    package struct Input: Sendable {
        package var name: String
        package var text: String

        package init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// Why reports could not be merged (an input that is not a journey report, kinds mixed).
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    /// A merged report.
    package struct Merged: Sendable {
        /// The inputs' kind, and so the merged report's.
        package var kind: Kind
        /// The merged report's text.
        package var text: String
        /// The exit code the unsharded run would have had: the worst of the inputs'.
        package var exitCode: Int32
        /// The merged JSON report document (for the HTML report); nil for other kinds.
        package var document: JSONValue?
    }

    /// Merges `inputs`, which must all be of one kind, into a report of that kind.
    package static func merge(_ inputs: [Input]) throws(Problem) -> Merged {
        switch try commonKind(inputs) {
        case .json:
            let document = try json(inputs)
            return Merged(
                kind: .json, text: JSONWriter.pretty(document) + "\n",
                exitCode: Int32(clamping: document["summary"]?["exitCode"]?.intValue ?? 0), document: document)
        case .junit:
            let (text, exitCode) = try JUnitMerge.merge(inputs)
            return Merged(kind: .junit, text: text, exitCode: exitCode, document: nil)
        }
    }

    /// The largest report file read (a suite of thousands of scripts with their traces).
    package static let maximumInputBytes = 1 << 29

    /// Reads the reports at `paths` and merges them (``merge(_:)``).
    package static func merge(files paths: [String]) throws(Problem) -> Merged {
        var inputs: [Input] = []
        for path in paths {
            do throws(Diagnostic) {
                let bytes = try SourceFile.bytes(path, limit: maximumInputBytes, what: "a report")
                inputs.append(Input(name: path, text: try SourceFile.decode(Array(bytes), file: path)))
            } catch {
                throw Problem(error.description)
            }
        }
        return try merge(inputs)
    }

    /// The one kind of all `inputs`.
    package static func commonKind(_ inputs: [Input]) throws(Problem) -> Kind {
        guard let first = inputs.first else { throw Problem("no report to merge") }
        var kinds: [Kind] = []
        for input in inputs {
            guard let kind = Kind(text: input.text) else {
                throw Problem("\(input.name): not a journey JSON report or JUnit XML file")
            }
            kinds.append(kind)
        }
        guard let kind = kinds.first, kinds.allSatisfy({ $0 == kind }) else {
            throw Problem("\(first.name) and the other inputs are not all of one kind (JSON reports or JUnit XML)")
        }
        return kind
    }

    /// The merged JSON report document, as ``JSONReport/document(_:)`` writes one.
    package static func json(_ inputs: [Input]) throws(Problem) -> JSONValue {
        try JSONReportMerge.merge(inputs)
    }
}

import Foundation

/// A checked-in file written from declarations (schemas, the docs' key tables): the generation
/// tests compare it with what the declarations write, and `scripts/generate-format` (which sets
/// `JOURNEY_REGENERATE=1`) rewrites it instead.
public enum GeneratedFile {
    public static let regenerate = ProcessInfo.processInfo.environment["JOURNEY_REGENERATE"] == "1"

    /// Writes `text` to `relative` when regenerating (nil); otherwise nil when the file holds
    /// `text`, else a message naming the file, `source`, the fix and the first differing line.
    public static func difference(_ text: String, _ relative: String, source: String) throws -> String? {
        let url = Repository.root.appendingPathComponent(relative)
        if regenerate {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        let current = try String(contentsOf: url, encoding: .utf8)
        guard current != text else { return nil }
        let currentLines = current.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(currentLines, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(currentLines.count, lines.count)
        let found = first < currentLines.count ? String(currentLines[first]) : "(end of file)"
        let expected = first < lines.count ? String(lines[first]) : "(end of file)"
        return
            "\(relative) is not what \(source) write (regenerate with scripts/generate-format); first difference at line \(first + 1):\n  file:      \(found)\n  generated: \(expected)"
    }
}

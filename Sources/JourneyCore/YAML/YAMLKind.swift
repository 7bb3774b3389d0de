/// What a YAML file is, from its top-level `kind:` line, without parsing the YAML: lint and
/// run look at every file of a folder this way.
package enum YAMLKind {
    /// The value of the first unindented `kind:` line (comments and quotes stripped), or nil.
    package static func topLevelKind(of text: String) -> String? {
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard line.starts(with: "kind:".utf8) else { continue }
            var value = Substring(line.dropFirst(5))
            if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            let trimmed = value.trimmingSpaceAndQuotes()
            return trimmed.isEmpty ? nil : trimmed
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingSpaceAndQuotes() -> String {
        let skip: Set<Character> = [" ", "\t", "\r", "\"", "'"]
        return String(drop(while: { skip.contains($0) }).reversed().drop(while: { skip.contains($0) }).reversed())
    }
}

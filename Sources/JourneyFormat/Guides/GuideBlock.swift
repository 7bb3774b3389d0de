import JourneyCore

/// A `yaml journey` block of a Markdown guide: a script, and the `console journey` transcript
/// that follows it, if any.
package struct GuideBlock: Sendable {
    /// The Markdown file's path, as given: diagnostics name it, and relative paths resolve from its folder.
    package let guide: String
    package let fence: FencedBlock
    /// The `file=NAME` of the info string: the name other blocks of the guide `uses:` it by.
    package let name: String?
    /// The `console journey` block after it: what running it prints.
    package let transcript: FencedBlock?

    /// What the script is called in results and reports: `guide.md#L40`, or `guide.md#login.yaml`
    /// for a block named by `file=`. It stands where a script's file would (its folder is the guide's).
    package var identity: String { "\(guide)#\(name ?? "L\(fence.openingLine)")" }

    /// The guide an ``identity`` names (`docs/guide.md#L40` → `docs/guide.md`); nil for a script's own file.
    package static func guide(ofIdentity identity: String) -> String? {
        var hash = identity.firstIndex(of: "#")
        while let index = hash {
            let guide = String(identity[..<index])
            if Guide.isMarkdown(guide) { return guide }
            hash = identity[identity.index(after: index)...].firstIndex(of: "#")
        }
        return nil
    }

    /// The block's YAML as the loader reads it: blank lines first, so its line N is the guide's line
    /// (opening fence + N), and each line indented as in the guide (by its list items' and block
    /// quotes' prefixes and the fence's indentation, ``FencedBlock/prefix``), so columns are the
    /// guide's too.
    package var yaml: String {
        let padding = String(repeating: " ", count: fence.prefix.count)
        let body = fence.lines.map { $0.isEmpty ? $0 : padding + $0 }.joined(separator: "\n")
        return String(repeating: "\n", count: fence.openingLine) + body + "\n"
    }
}

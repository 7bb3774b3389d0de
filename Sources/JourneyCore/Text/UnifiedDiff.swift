/// A line diff in the unified format (`@@ -12,3 +12,4 @@`, lines prefixed ` `, `-`, `+`), of
/// lines compared by a key (a normalized form) and shown as they are.
package enum UnifiedDiff {
    /// One line: what is compared, and what is shown.
    package struct Line: Sendable, Equatable {
        package var key: String
        package var text: String

        package init(key: String, text: String) {
            self.key = key
            self.text = text
        }
    }

    /// The most line pairs the longest-common-subsequence table holds; past it the diff is the
    /// whole old side removed and the whole new side added.
    package static let maximumCells = 4_000_000

    /// Unchanged lines shown around each change.
    package static let context = 3

    /// The diff's hunks, without file headers; empty when the keys are equal. Line numbers count
    /// from `oldStart` and `newStart` (the first line of each side).
    package static func hunks(old: [Line], new: [Line], oldStart: Int = 1, newStart: Int = 1) -> [String] {
        let edits = script(old.map(\.key), new.map(\.key))
        guard edits.contains(where: { $0.kind != .same }) else { return [] }
        // Each change with its context; hunks whose contexts touch are one.
        var ranges: [Range<Int>] = []
        for (position, edit) in edits.enumerated() where edit.kind != .same {
            let range = max(0, position - context)..<min(edits.count, position + 1 + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        var output: [String] = []
        for range in ranges {
            let slice = edits[range]
            let oldCount = slice.filter { $0.kind != .added }.count
            let newCount = slice.filter { $0.kind != .removed }.count
            let first = edits[range.lowerBound]
            output.append(
                "@@ -\(Self.range(first.old + oldStart, oldCount)) +\(Self.range(first.new + newStart, newCount)) @@")
            for edit in slice {
                switch edit.kind {
                case .same: output.append(" " + old[edit.old].text)
                case .removed: output.append("-" + old[edit.old].text)
                case .added: output.append("+" + new[edit.new].text)
                }
            }
        }
        return output
    }

    private static func range(_ first: Int, _ count: Int) -> String {
        count == 1 ? "\(first)" : "\(count == 0 ? first - 1 : first),\(count)"
    }

    struct Edit {
        enum Kind { case same, removed, added }
        let kind: Kind
        /// The index of the old line (for `added`, where the old side stands).
        let old: Int
        /// The index of the new line (for `removed`, where the new side stands).
        let new: Int
    }

    /// The edits turning `old` into `new`: a longest common subsequence kept; where lines differ, the
    /// old ones removed before the new ones are added.
    static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count
        let m = new.count
        guard n * m <= maximumCells else {
            return (0..<n).map { Edit(kind: .removed, old: $0, new: 0) }
                + (0..<m).map { Edit(kind: .added, old: n, new: $0) }
        }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] =
                    old[i] == new[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(Edit(kind: .same, old: i, new: j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                edits.append(Edit(kind: .removed, old: i, new: j))
                i += 1
            } else {
                edits.append(Edit(kind: .added, old: i, new: j))
                j += 1
            }
        }
        return edits
    }
}

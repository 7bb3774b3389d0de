/// A count and its noun in the number the count asks for, for every summary line:
/// `1 file`, `0 files`, `2 files`; `1 entry`, `3 entries` with the plural given.
package enum Plural {
    /// `count` followed by `singular` when it is exactly one, else by `plural` (the singular
    /// plus `s` when none is given).
    package static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(noun(count, singular, plural))"
    }

    /// The noun alone, in the number `count` asks for (`file` or `files`), for lines that write
    /// the count apart from its noun (`1 of 3 steps drifted`).
    package static func noun(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}

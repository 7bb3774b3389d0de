/// Suggests the closest known name for a near-miss, as in "did you mean 'handlers'?".
package enum DidYouMean {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        // A typo is a few edits: a long word, or a candidate whose length differs by more than
        // the edits allowed, is never suggested, and skipping them keeps a hostile file linear.
        let length = word.unicodeScalars.count
        guard length <= maximumWordLength else { return nil }
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            guard abs(candidate.unicodeScalars.count - length) <= 3 else { continue }
            let distance = editDistance(lowered, candidate.lowercased())
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, best.name.count / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// Words longer than this get no suggestion.
    package static let maximumWordLength = 64

    /// The hint text for a near-miss, or nil.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String? {
        suggestion(for: word, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// Levenshtein distance with transpositions counted as one edit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previousPrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[y.count]
    }
}

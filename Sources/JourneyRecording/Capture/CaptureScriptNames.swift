/// The script file names of a capture's journeys: `Login.yaml`, `Login-2.yaml`...: each the
/// first of its journey's name, then that name with `-2`, `-3`... that is not taken, compared
/// as a file system that ignores case compares them.
struct CaptureScriptNames {
    /// File stems taken, lowercased.
    private var taken: Set<String> = []
    /// By lowercased stem, the count its next search starts from: those below were taken, and
    /// stay so (a walk from 1 for every journey was quadratic in the journeys of one name).
    private var nextCount: [String: Int] = [:]

    /// The file stem for a journey called `name` (nil: the realm's default journey), now taken.
    mutating func take(_ name: String?) -> String {
        let base = Self.fileStem(name)
        let key = base.lowercased()
        var count = nextCount[key] ?? 1
        var stem = count == 1 ? base : "\(base)-\(count)"
        while taken.contains(stem.lowercased()) {
            count += 1
            stem = "\(base)-\(count)"
        }
        nextCount[key] = count
        taken.insert(stem.lowercased())
        return stem
    }

    /// A journey's name as a file name: letters, digits, `-` and `_` kept, anything else `-`.
    static func fileStem(_ name: String?) -> String {
        guard let name, !name.isEmpty else { return "default-journey" }
        let kept = String(
            name.prefix(80).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        return kept.allSatisfy({ $0 == "-" }) ? "journey" : kept
    }
}

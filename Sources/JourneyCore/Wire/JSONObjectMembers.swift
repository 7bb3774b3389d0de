extension Dictionary where Key == String {
    /// The members whose names are not in `known`. Reading a wire object this way, instead of
    /// removing the known members from a copy, copies nothing when there are no others (the
    /// usual case: a step's callbacks and their name/value pairs are read on every step).
    func members(otherThan known: [String]) -> [String: Value] {
        guard keys.contains(where: { !known.contains($0) }) else { return [:] }
        return filter { !known.contains($0.key) }
    }
}

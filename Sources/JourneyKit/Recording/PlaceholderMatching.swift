import JourneyCore

/// Replay compares values in redacted form; a placeholder inside a value stands for any text,
/// so a recording made with a secret replays without it (and the other way round).
extension InputValues {
    /// True when `text` is `pattern` with each placeholder (`«name»`) in it replaced by some text.
    static func matches(_ text: String, withPlaceholders pattern: String) -> Bool {
        guard pattern.contains("«") else { return false }
        var literals: [Substring] = []
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "«"), let close = rest[open...].firstIndex(of: "»") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        guard literals.count > 1, let first = literals.first, let last = literals.last,
            text.count >= first.count + last.count, text.hasPrefix(first), text.hasSuffix(last)
        else { return false }
        var remaining = text.dropFirst(first.count).dropLast(last.count)
        for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
            guard let found = remaining.range(of: literal) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return true
    }

    /// JSON values match member by member, their texts as `match` compares them.
    static func match(_ sent: JSONValue?, _ recorded: JSONValue?) -> Bool {
        switch (sent, recorded) {
        case (nil, nil):
            return true
        case (.object(let mine)?, .object(let theirs)?):
            return Set(mine.keys) == Set(theirs.keys) && mine.allSatisfy { match($0.value, theirs[$0.key]) }
        case (.array(let mine)?, .array(let theirs)?):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { match($0, $1) }
        case (let mine?, let theirs?):
            return mine == theirs
                || ((mine.stringValue != nil || theirs.stringValue != nil)
                    && match(mine.displayText, theirs.displayText))
        default:
            return false
        }
    }
}

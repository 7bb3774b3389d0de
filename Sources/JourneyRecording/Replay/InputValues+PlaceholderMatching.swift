import JourneyCore

/// Replay compares values in redacted form; a placeholder inside a value stands for any text,
/// so a recording made with a secret replays without it (and the other way round).
extension InputValues {
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

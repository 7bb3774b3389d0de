import JourneyCore

/// A decision over journey state values: true or false.
indirect enum Condition: Sendable {
    enum Comparison: Sendable {
        case equals(JSONValue)
        case notEquals(JSONValue)
        case regex(String)
        case oneOf([JSONValue])
        case greaterThan(Double)
        case lessThan(Double)
        case exists(Bool)
    }

    /// Compares the value at `path` (e.g. `username`, `payload.transactionData.value`).
    case compare(path: String, Comparison)
    case all([Condition])
    case any([Condition])
    case not(Condition)
}

/// Behaviours of servers other than AM itself (`settings.quirks:`), switched on one by one so the
/// runner can be tested against them. Every quirk is off by default: the simulator answers as AM does.
public struct SimulatorQuirks: Sendable, Hashable {
    /// IG redirects percent-encode the advice (and `goto`) twice: `authIndexValue=%253CAdvices%253E…`.
    public var igAdviceEncodedTwice = false
    /// KbaCreateCallback comes without the `allowUserDefinedQuestions` output (older AM); questions of the user's own are accepted.
    public var kbaWithoutAllowUserDefinedQuestions = false

    public init() {}

    /// Every quirk's name as written in a tree file.
    static let names = [
        "igAdviceEncodedTwice",
        "kbaWithoutAllowUserDefinedQuestions",
    ]

    /// Sets the quirk `name`; false when there is no such quirk.
    mutating func set(_ name: String, _ on: Bool) -> Bool {
        switch name {
        case "igAdviceEncodedTwice": igAdviceEncodedTwice = on
        case "kbaWithoutAllowUserDefinedQuestions": kbaWithoutAllowUserDefinedQuestions = on
        default: return false
        }
        return true
    }
}

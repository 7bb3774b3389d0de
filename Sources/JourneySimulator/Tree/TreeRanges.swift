/// The range of every number a simulator tree holds, so no value from a tree can overflow a
/// conversion or an allocation at run time (a `waitTime` of 2^63 once trapped the runner).
/// Lint names the range of a number outside it.
enum TreeRanges {
    /// Counts: attempts, polls, times, pending journeys, devices, choices, operands.
    static let count = 1...1_000_000
    /// Durations in seconds: lifetimes and expirations, up to a year.
    static let seconds = 1...31_536_000
    /// Durations in milliseconds: waits, WebAuthn timeouts and fault delays, up to a day.
    static let milliseconds = 1...86_400_000
    /// Lengths of generated values and password rules, in characters.
    static let length = 1...4_096
    /// ALTCHA's `maxnumber`.
    static let maxNumber = 1...100_000_000
    /// Leading zero bits of a hashcash stamp.
    static let bits = 1...64
    /// An HOTP counter and a TOTP window.
    static let counter = 1...1_000_000_000
}

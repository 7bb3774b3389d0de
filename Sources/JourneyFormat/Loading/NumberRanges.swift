/// The range of every number the script format accepts. A number outside its range is a lint
/// error (and the schema's `minimum`/`maximum` say the same), so no value from a script can
/// overflow a conversion at run time (a timeout of 1e308 seconds once did, in nanoseconds).
package enum NumberRanges {
    /// Round trips and step numbers: `limits.maxSteps`, `capture.step`, `match.step`.
    package static let steps = 1...10_000
    /// `limits.keptBodyBytes`: none to 1 GiB.
    package static let keptBodyBytes = 0...1_073_741_824
    /// `limits.maxPolls`.
    package static let polls = 1...10_000
    /// Which occurrence of a callback a matcher takes, and a callback's `_id`.
    package static let occurrence = 1...10_000
    package static let callbackId = 0...10_000
    /// A 0-based choice index (`choose: 1`).
    package static let choiceIndex = 0...10_000
    /// Timeouts in milliseconds (provider commands, solvers, reCAPTCHA): up to ten minutes.
    package static let milliseconds = 1...600_000
    /// A handler answer's `timeout`, where 0 means "at once".
    package static let answerMilliseconds = 0...600_000
    /// A WebAuthn signature counter (`signCount: 42`): 32 bits.
    package static let signCount = 0...4_294_967_295
    /// HTTP status codes and AM error codes.
    package static let httpStatus = 100...599
    /// Candidates a proof-of-work search may try.
    package static let proofOfWorkCount = 1...1_000_000_000
    /// Token lifetimes (`expect.tokens.expiresIn`) and Challenger's challenge types: 32 bits.
    package static let tokenLifetimeSeconds = 0...Int(Int32.max)
    package static let challengeType = 0...Int(Int32.max)
    /// `expect.challenge.maxTries`.
    package static let proofOfWorkTries = 1...Int(Int32.max)
    /// `rakuten.challenge.timeout` and `retries`.
    package static let rakutenSolveMilliseconds = 1...RakutenChallengeOptions.maxTimeoutMilliseconds
    package static let rakutenRetries = 0...RakutenChallengeOptions.maxRetries
    /// `server.timeout` and `--timeout`, in seconds: more than zero, at most an hour.
    package static let maximumTimeoutSeconds: Double = 3_600

    /// The message for a number outside its range; lint and the command line say the same.
    package static func outOfRange(_ what: String, _ range: ClosedRange<Int>, found: String) -> String {
        "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(found)"
    }

    /// `limits.deadline`, in seconds: more than zero, at most a day.
    package static let maximumDeadlineSeconds: Double = 86_400

    /// The message for a duration in seconds that is not more than 0 and at most `maximum`
    /// (by default a request timeout's hour).
    package static func timeoutOutOfRange(_ what: String, found: String, maximum: Double = maximumTimeoutSeconds)
        -> String
    {
        "\(what) must be more than 0 and at most \(Int(maximum)) seconds (\(Int(maximum / 3_600))h), found \(found)"
    }

    /// Whether `seconds` is a usable duration: more than 0 and at most `maximum` (a request timeout's hour).
    package static func isTimeout(_ seconds: Double, maximum: Double = maximumTimeoutSeconds) -> Bool {
        seconds.isFinite && seconds > 0 && seconds <= maximum
    }
}

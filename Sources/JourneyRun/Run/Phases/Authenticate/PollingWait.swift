import JourneyCore

/// A PollingWaitCallback's `waitTime`: milliseconds the server asks the client to wait, read and
/// range-checked here. A value that is not a number from 0 to 24 h is a protocol error; a wait
/// longer than the run may wait (its `limits.deadline`, else ten minutes) ends the run at once
/// instead of waiting for an end it could not reach.
enum PollingWait {
    /// The most a server may ask for: 24 h.
    static let maxMilliseconds = 86_400_000.0
    /// How long one wait may last when the script sets no `limits.deadline`.
    static let ceilingSeconds = 600.0
    /// The wait when the server sends no `waitTime`.
    static let defaultMilliseconds = 1000.0

    /// The milliseconds to wait, or the protocol error that names the value and the range.
    static func milliseconds(_ callback: AMCallback, step: Int) throws(RunError) -> Double {
        guard let value = callback.output("waitTime"), !value.isNull else { return defaultMilliseconds }
        guard let milliseconds = value.doubleValue, milliseconds.isFinite, (0...maxMilliseconds).contains(milliseconds)
        else {
            let shown = String(value.compactJSON.prefix(40))
            throw RunError(
                .protocol,
                "the server's PollingWaitCallback waitTime \(shown) is not a number of milliseconds from 0 to 86400000 ms (24 h)",
                step: step)
        }
        return milliseconds
    }

    /// Throws when `seconds` is longer than the run may wait.
    static func checkCeiling(_ seconds: Double, deadline: Double?, step: Int) throws(RunError) {
        let asked = "the server asks to wait \(minutes(seconds)) (PollingWaitCallback waitTime)"
        if let deadline {
            guard seconds > deadline else { return }
            throw RunError(
                .protocol, "\(asked), longer than the run's deadline of \(minutes(deadline)) (limits.deadline)",
                step: step)
        }
        guard seconds > ceilingSeconds else { return }
        throw RunError(
            .protocol,
            "\(asked), longer than a run waits without limits.deadline (\(minutes(ceilingSeconds))); set limits.deadline to wait longer",
            step: step)
    }

    /// `30 min`, `90 s`, `1.5 s`.
    private static func minutes(_ seconds: Double) -> String {
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        if seconds.rounded() == seconds { return "\(Int(seconds)) s" }
        return "\(seconds) s"
    }
}

import Foundation

/// How long a test waits for something that should happen by itself: a guard against a hang,
/// never a measure of speed. Each guard is ten times or more what it takes on a loaded 2-core
/// machine, so the suite passes on a machine ten times slower; `JOURNEY_TEST_TIME_SCALE`
/// (1 to 100) multiplies every guard for a slower one still.
public enum TestTime {
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["JOURNEY_TEST_TIME_SCALE"], let value = Double(text),
            value.isFinite
        else { return 1 }
        return min(max(value, 1), 100)
    }()

    /// `base` seconds, scaled.
    public static func seconds(_ base: Double) -> Double { base * scale }

    /// `base` seconds, scaled, as a Duration.
    public static func duration(_ base: Double) -> Duration { .milliseconds(Int64(seconds(base) * 1000)) }

    /// Seconds before a request to an in-process server that should answer is given up on.
    public static var request: Double { seconds(120) }

    /// Whole seconds of a request timeout that ends a server's hang (a test of the timeout itself):
    /// long enough that the requests answered before the hang cannot reach it on a machine ten
    /// times slower.
    public static var hang: Int { Int(seconds(10)) }

    /// Seconds before a `journey` child process is killed as hanging.
    public static var command: Double { seconds(600) }
}

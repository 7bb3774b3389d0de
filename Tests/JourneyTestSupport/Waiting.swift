/// Waiting on something that signals its end through a stream (a child process's termination
/// handler finishing it), with a time limit instead of hanging the suite.
public enum Waiting {
    /// True when `stream` ends within `seconds` (scaled by ``TestTime``), false when the time runs
    /// out first: a guard against a hang, never a measure of speed.
    public static func ends(_ stream: AsyncStream<Void>, within base: Double) async -> Bool {
        let seconds = TestTime.seconds(base)
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream {}
                return true
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

/// Waiting on something that signals its end through a stream (a child process's termination
/// handler finishing it), with a time limit instead of hanging the suite.
public enum Waiting {
    /// True when `stream` ends within `seconds`, false when the time runs out first.
    public static func ends(_ stream: AsyncStream<Void>, within seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
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

import NIOCore
import Synchronization

/// Runs async work within a time limit kept by an event-loop timer.
///
/// The timer is cancelled, and freed, the moment the work ends. Racing the work against a
/// `Task.sleep` in a task group gives the same answers but, once cancelled, the sleep's wake-up
/// stays queued on the executor until the limit would have passed: one per request held about
/// 0.8 KB each for the whole timeout under load (docs/performance.md).
package enum TimeLimit {
    /// Thrown when the time is up; the work has been cancelled.
    package struct Exceeded: Error {}

    /// The result of `work`, or `Exceeded` once `seconds` have passed on `loop`'s clock (the
    /// work is then cancelled). Cancelling the caller cancels the work too.
    package static func run<Value: Sendable>(
        seconds: Double, on loop: any EventLoop, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let task = Task { try await work() }
        let expired = Flag()
        let nanoseconds = Int64(min(max(seconds, 0), 86_400 * 365) * 1_000_000_000)
        let timer = loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            expired.set()
            task.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            if expired.isSet { throw Exceeded() }
            throw error
        }
    }

    private final class Flag: Sendable {
        private let value = Atomic(false)
        func set() { value.store(true, ordering: .relaxed) }
        var isSet: Bool { value.load(ordering: .relaxed) }
    }
}

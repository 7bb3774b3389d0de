import Synchronization

/// The proxy's stop as the exchanges in flight see it: once `stop()` is called, every exchange
/// still waiting for its upstream is answered at once, and no new one is forwarded.
final class CaptureStopping: Sendable {
    private struct State: Sendable {
        var stopped = false
        var next = 0
        var waiting: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Runs what waits on the stop, once.
    func stop() {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.stopped else { return [] }
            state.stopped = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for action in waiting { action() }
    }

    /// Runs `action` at the stop; nil (and `action` not run) when stopped already. The
    /// registration is removed with `forget(_:)` once the exchange has its answer.
    func onStop(_ action: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.stopped else { return nil }
            state.next += 1
            state.waiting[state.next] = action
            return state.next
        }
    }

    func forget(_ registration: Int) {
        _ = state.withLock { $0.waiting.removeValue(forKey: registration) }
    }
}

import NIOCore
import Synchronization

/// Requests held open by the `hang` fault (or waiting out a `delay`). Each is released when its
/// connection closes, its task is cancelled, or the simulator stops: a hang never blocks shutdown or
/// other requests.
final class HangRegistry: Sendable {
    private struct State {
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Ids released before their waiter registered (the connection closed first).
        var released: Set<Int> = []
        /// Ids whose wait has not ended: a release after the end is ignored, not remembered.
        var pending: Set<Int> = []
        var nextId = 0
        var stopped = false
    }

    private let state = Mutex(State())

    /// Number of requests currently hanging.
    var count: Int { state.withLock { $0.waiters.count } }

    /// Waits until the connection closes, the task is cancelled, or `releaseAll()` runs.
    func hang(on connection: any SimulatorConnection) async {
        let id = state.withLock { state -> Int in
            state.nextId += 1
            state.pending.insert(state.nextId)
            return state.nextId
        }
        connection.whenClosed { self.release(id) }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.stopped || state.released.remove(id) != nil {
                        state.pending.remove(id)
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            release(id)
        }
    }

    /// Waits `milliseconds`, or less when the connection closes or the simulator stops: a `delay` fault
    /// never holds up shutdown.
    func delay(milliseconds: Int, on connection: any SimulatorConnection) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: .milliseconds(milliseconds)) }
            group.addTask { await self.hang(on: connection) }
            _ = await group.next()
            group.cancelAll()
        }
    }

    private func release(_ id: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiters.removeValue(forKey: id) {
                state.pending.remove(id)
                return waiter
            }
            if state.pending.contains(id) { state.released.insert(id) }
            return nil
        }
        continuation?.resume()
    }

    /// Releases every hanging request and makes later hangs return at once.
    func releaseAll() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.stopped = true
            defer {
                state.waiters.removeAll()
                state.pending.removeAll()
                state.released.removeAll()
            }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Closes a hanging connection as soon as the client shuts its side (the server allows half-closure).
final class InputClosedDetector: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    static func install(on channel: any Channel) {
        channel.eventLoop.execute {
            let operations = channel.pipeline.syncOperations
            guard (try? operations.handler(type: InputClosedDetector.self)) == nil else { return }
            try? operations.addHandler(InputClosedDetector(), position: .first)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }
}

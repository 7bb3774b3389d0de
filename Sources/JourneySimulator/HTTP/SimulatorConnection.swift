import NIOCore
import Synchronization

/// The connection a request came on, as the `hang`, `delay` and `close` faults see it: they wait
/// until it closes, or close it. Live it is the socket's channel; in process (`RunningSimulator.respond`)
/// it closes when the caller stops waiting for the answer, as a client closes its socket.
protocol SimulatorConnection: Sendable {
    /// Runs `action` once the connection is closed (at once when it is closed already).
    func whenClosed(_ action: @escaping @Sendable () -> Void)
    func close() async
}

/// A socket's connection.
struct ChannelConnection: SimulatorConnection {
    let channel: any Channel

    func whenClosed(_ action: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in action() }
        InputClosedDetector.install(on: channel)
    }

    func close() async { try? await channel.close() }
}

/// A request's connection in process: closed by the caller (it gave up waiting) or by a fault.
final class InProcessConnection: SimulatorConnection {
    private struct State {
        var closed = false
        var actions: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    func whenClosed(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.closed { return true }
            state.actions.append(action)
            return false
        }
        if runNow { action() }
    }

    func close() async { closeNow() }

    func closeNow() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            if state.closed { return [] }
            state.closed = true
            defer { state.actions = [] }
            return state.actions
        }
        for action in actions { action() }
    }
}

import Dispatch
import Foundation
import JourneyKit
import JourneySimulator
import Synchronization

/// Standard output, a whole line per write: the live view's lines come from concurrent requests.
enum CaptureConsole {
    static func write(_ line: String) {
        StandardOutput.write(line + "\n")
    }
}

/// When and how `journey capture` stops: on SIGINT or SIGTERM, or once `journeys` journeys have
/// ended. Then the exchanges in flight are answered 502 at once, the server stops within a
/// second, and the capture is written; a second signal skips what is left of that second.
final class CaptureStop: Sendable {
    private let first: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
    private let second: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Listens for the signals from now on (they no longer end the process on their own).
    init() {
        let first = AsyncStream<Void>.makeStream()
        let second = AsyncStream<Void>.makeStream()
        self.first = first
        self.second = second
        let counted = Counter()
        sources = Mutex(
            [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    // Finishing a stream ends every wait on it, once and for all.
                    if counted.next() == 1 { first.continuation.finish() } else { second.continuation.finish() }
                }
                source.resume()
                return source
            })
    }

    private final class Counter: Sendable {
        private let value = Atomic(0)
        func next() -> Int { value.add(1, ordering: .sequentiallyConsistent).newValue }
    }

    /// Returns on the first signal, or once `journeys` journeys have ended.
    func wait(for log: CaptureLog, journeys: Int?) async {
        let stop = first.continuation
        let counting = Task {
            guard let journeys else { return }
            for await ended in log.ends where ended >= journeys {
                stop.finish()
                return
            }
        }
        for await _ in first.stream {}
        counting.cancel()
    }

    /// Stops the proxy and its server: the exchanges in flight are answered at once, requests
    /// whose bodies are still coming are answered 502, and what is still open a second later is
    /// cut. Returns early on a second signal. False when that second signal came.
    func stop(_ proxy: CaptureProxy, _ host: RunningHost) async -> Bool {
        proxy.stop()
        let (done, finished) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let stopping = Task {
            await host.stop(answeringUnreadRequests: Self.stoppedReply, cancelAfter: .seconds(1))
            finished.yield(true)
        }
        let second = second.stream
        let hurried = Task {
            for await _ in second {}
            if !Task.isCancelled { finished.yield(false) }
        }
        var completed = true
        for await value in done {
            completed = value
            break
        }
        hurried.cancel()
        if !completed { stopping.cancel() }
        return completed
    }

    /// Stops listening for signals.
    func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources = []
        }
    }

    /// What an app whose request body was still coming gets when the capture stops.
    static let stoppedReply = HostResponse(
        status: 502, headers: [("Content-Type", "application/json")],
        body: Array(
            #"{"code":502,"reason":"Bad Gateway","message":"journey capture stopped before the request's body had come"}"#
                .utf8))
}

import Dispatch
import Foundation
import JourneyKit

/// Standard output, a whole line per write: the live view's lines come from concurrent requests.
enum CaptureConsole {
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// When `journey capture` stops: on SIGINT or SIGTERM, or once `journeys` journeys have ended.
enum CaptureStop {
    static func wait(for log: CaptureLog, journeys: Int?) async {
        let (stops, stop) = AsyncStream<Void>.makeStream()
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.yield() }
            source.resume()
            return source
        }
        let counting = Task {
            guard let journeys else { return }
            for await ended in log.ends where ended >= journeys {
                stop.yield()
                return
            }
        }
        for await _ in stops { break }
        counting.cancel()
        for source in signals { source.cancel() }
    }
}

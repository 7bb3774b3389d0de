import Foundation
import Synchronization

/// The one clock of a run or a simulator. Tests inject a `ManualClock` and advance it
/// instead of sleeping.
public protocol JourneyClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Waits `seconds` of this clock's time. A manual clock returns at once, having advanced.
    func sleep(seconds: Double) async throws
}

/// Wall-clock time.
public struct SystemClock: JourneyClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return }
        // Callers range-check their waits; a longer one is cut to a year, never a trap.
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 31_536_000) * 1_000_000_000))
    }
}

/// A clock that only moves when told to: `advance(by:)` or a `sleep`, which advances it.
public final class ManualClock: JourneyClock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    package func advance(by seconds: Double) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    package func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    public func sleep(seconds: Double) async throws {
        advance(by: max(0, seconds))
    }
}

import Synchronization

/// True for the first caller of ``claim()`` only: which of two racing tasks resumes a continuation.
public final class Once: Sendable {
    private let claimed = Mutex(false)

    public init() {}

    public func claim() -> Bool {
        claimed.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

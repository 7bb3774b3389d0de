import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process groups of the provider commands running now. Each runs in a group of its own
/// (`ProviderCommand`), so the terminal's Ctrl-C, which goes to journey's group, never reaches it:
/// a run stopped by a signal ends them first (`terminateAll`), or they outlive it.
package enum ProviderGroups {
    private static let live = Mutex<Set<pid_t>>([])

    static func add(_ group: pid_t) {
        _ = live.withLock { $0.insert(group) }
    }

    static func remove(_ group: pid_t) {
        _ = live.withLock { $0.remove(group) }
    }

    /// Sends SIGTERM to every live group, SIGKILL to those still there after `graceMilliseconds`,
    /// and returns once each is gone (its runner reaps it) or a second grace has passed.
    package static func terminateAll(graceMilliseconds: Int = ProviderCommand.graceMilliseconds) {
        let groups = live.withLock { $0 }
        guard !groups.isEmpty else { return }
        for group in groups { kill(-group, SIGTERM) }
        if !waitUntilGone(groups, milliseconds: graceMilliseconds) {
            for group in groups { kill(-group, SIGKILL) }
            _ = waitUntilGone(groups, milliseconds: graceMilliseconds)
        }
    }

    /// True once no process of `groups` is left, checked every 10 ms for at most `milliseconds`.
    private static func waitUntilGone(_ groups: Set<pid_t>, milliseconds: Int) -> Bool {
        for _ in 0...(milliseconds / 10) {
            if groups.allSatisfy({ kill(-$0, 0) == -1 && errno == ESRCH }) { return true }
            usleep(10_000)
        }
        return false
    }
}

/// The polling loop of `journey run --watch`: polls every `interval`, feeds a ``ScriptWatcher``
/// and hands each settled change to `rerun`, until its task is cancelled. Time and files come in
/// as functions, so tests drive it without a clock or a file system.
package struct WatchLoop: Sendable {
    /// Time between polls (300 ms by default: a rerun starts within about two intervals of a save).
    package var interval: Duration
    /// Polls a change must stay unchanged for (``ScriptWatcher/quietPolls``).
    package var quietPolls: Int
    /// One poll: the inventory and the states of its watched files.
    package var poll: @Sendable () async -> ScriptWatcher.Poll
    /// Waits `interval`; throws when the loop's task is cancelled.
    package var sleep: @Sendable (Duration) async throws -> Void

    package init(
        interval: Duration = .milliseconds(300), quietPolls: Int = 1,
        poll: @escaping @Sendable () async -> ScriptWatcher.Poll,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.interval = interval
        self.quietPolls = quietPolls
        self.poll = poll
        self.sleep = sleep
    }

    /// The poll of real files for `scope`; `cache` keeps what unchanged files name between polls.
    package static func files(_ scope: WatchScope, cache: WatchReferenceCache = WatchReferenceCache())
        -> @Sendable () async -> ScriptWatcher.Poll
    {
        {
            // One read of each file per poll, shared by the inventory and the states compared.
            var states = PollFileStates()
            let inventory = WatchInventory.find(scope, cache: cache, states: &states)
            return ScriptWatcher.Poll(inventory: inventory, states: states.read(inventory.watched))
        }
    }

    /// Polls until cancelled, starting from `baseline` (taken before the first run, so what
    /// changed while it ran is run again). `rerun` runs to its end before the next poll.
    package func run(from baseline: ScriptWatcher.Poll, rerun: (WatchChange) async -> Void) async {
        var watcher = ScriptWatcher(baseline: baseline, quietPolls: quietPolls)
        while !Task.isCancelled {
            do {
                try await sleep(interval)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            if let change = watcher.take(await poll()) { await rerun(change) }
        }
    }
}

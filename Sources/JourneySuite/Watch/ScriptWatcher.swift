/// The files that changed between two quiet polls of `journey run --watch`, and what to run again.
package struct WatchChange: Sendable, Equatable {
    /// Watched files whose size, time or bytes changed (keys, sorted).
    package var modified: [String]
    /// Watched files that appeared: a new script, a used script or tree that was missing (keys, sorted).
    package var added: [String]
    /// Watched files that are gone (keys, sorted).
    package var removed: [String]
    /// Scripts to run again, in run order: those depending on a changed file, and new ones.
    package var rerun: [String]
    /// Scripts no longer found (deleted, or no longer a script): dropped from the watch.
    package var dropped: [String]

    package init(
        modified: [String] = [], added: [String] = [], removed: [String] = [], rerun: [String] = [],
        dropped: [String] = []
    ) {
        self.modified = modified
        self.added = added
        self.removed = removed
        self.rerun = rerun
        self.dropped = dropped
    }
}

/// The decisions of `journey run --watch`, without clocks or files: fed one poll at a time (the
/// scripts found and the states of the files they depend on), it says when and what to rerun.
///
/// Debounce: a change is reported once the files have stayed as they are for `quietPolls` polls
/// after it, so an editor that saves in two writes (truncate, then write; or a temporary file
/// renamed over the script) between two polls causes one rerun, and a file being written is not
/// run half written. Files that change and change back before that are no change at all.
package struct ScriptWatcher: Sendable {
    /// One poll's view of the scripts and their files.
    package struct Poll: Sendable, Equatable {
        package var inventory: WatchInventory
        /// The state of each watched file that exists, by key.
        package var states: [String: FileState]

        package init(inventory: WatchInventory, states: [String: FileState]) {
            self.inventory = inventory
            self.states = states
        }
    }

    /// The polls a change must stay unchanged for before it is reported (at least 1).
    package let quietPolls: Int
    /// What the last run saw.
    private(set) var baseline: Poll
    private var pending: Poll?
    private var quiet = 0

    /// - Parameter baseline: the poll taken before the first run.
    package init(baseline: Poll, quietPolls: Int = 1) {
        self.baseline = baseline
        self.quietPolls = max(1, quietPolls)
    }

    /// Takes one poll; returns the change to act on when there is one that has settled.
    package mutating func take(_ poll: Poll) -> WatchChange? {
        if poll == baseline {
            pending = nil
            return nil
        }
        guard poll == pending else {
            pending = poll
            quiet = 0
            return nil
        }
        quiet += 1
        guard quiet >= quietPolls else { return nil }
        let change = Self.change(from: baseline, to: poll)
        baseline = poll
        pending = nil
        return change
    }

    /// What changed from `old` to `new`, and the scripts of `new` to run again because of it. A
    /// file watched only since `new` (a script now `uses:` it) is no change: the script that
    /// names it changed and runs again; one no longer watched is forgotten, not removed.
    package static func change(from old: Poll, to new: Poll) -> WatchChange {
        let watchedBefore = old.inventory.watched
        let watchedNow = new.inventory.watched
        let known = Set(old.inventory.scripts)
        let newScripts = Set(new.inventory.scripts.filter { !known.contains($0) }.map(WatchInventory.key))
        let modified = Set(old.states.keys).intersection(new.states.keys).filter { old.states[$0] != new.states[$0] }
        let added = Set(new.states.keys).subtracting(old.states.keys).filter {
            watchedBefore.contains($0) || newScripts.contains($0)
        }
        let oldScripts = Set(old.inventory.scripts.map(WatchInventory.key))
        let removed = Set(old.states.keys).subtracting(new.states.keys).filter {
            watchedNow.contains($0) || oldScripts.contains($0)
        }
        let touched = modified.union(added).union(removed)
        let rerun = new.inventory.scripts.filter { script in
            !known.contains(script) || !(new.inventory.dependencies[script] ?? []).isDisjoint(with: touched)
        }
        let found = Set(new.inventory.scripts)
        return WatchChange(
            modified: modified.sorted(), added: added.sorted(), removed: removed.sorted(), rerun: rerun,
            dropped: old.inventory.scripts.filter { !found.contains($0) })
    }
}

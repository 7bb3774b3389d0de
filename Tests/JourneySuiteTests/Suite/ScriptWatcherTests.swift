import Foundation
import JourneyTestSupport
import Testing

@testable import JourneySuite

@Suite("journey run --watch: change detection")
struct ScriptWatcherTests {
    static func state(_ version: Double) -> FileState {
        FileState(size: 10, modified: version, digest: UInt64(version))
    }

    /// a uses b; c runs on the tree; d stands alone. Keys are the paths themselves here.
    static let inventory = WatchInventory(
        scripts: ["/s/a.yaml", "/s/b.yaml", "/s/c.yaml", "/s/d.yaml"],
        dependencies: [
            "/s/a.yaml": ["/s/a.yaml", "/s/b.yaml"],
            "/s/b.yaml": ["/s/b.yaml"],
            "/s/c.yaml": ["/s/c.yaml", "/s/tree.yaml"],
            "/s/d.yaml": ["/s/d.yaml"],
        ])

    static let states = Dictionary(
        uniqueKeysWithValues: ["/s/a.yaml", "/s/b.yaml", "/s/c.yaml", "/s/d.yaml", "/s/tree.yaml"].map {
            ($0, state(1))
        })

    static let baseline = ScriptWatcher.Poll(inventory: inventory, states: states)

    static func poll(_ edit: (inout WatchInventory, inout [String: FileState]) -> Void) -> ScriptWatcher.Poll {
        var inventory = Self.inventory
        var states = Self.states
        edit(&inventory, &states)
        return ScriptWatcher.Poll(inventory: inventory, states: states)
    }

    @Test func aChangedUsedScriptRerunsItselfAndItsUsers() {
        let change = ScriptWatcher.change(
            from: Self.baseline, to: Self.poll { _, states in states["/s/b.yaml"] = Self.state(2) })
        #expect(change == WatchChange(modified: ["/s/b.yaml"], rerun: ["/s/a.yaml", "/s/b.yaml"]))
    }

    @Test func aChangedTreeRerunsTheScriptsOnIt() {
        let change = ScriptWatcher.change(
            from: Self.baseline, to: Self.poll { _, states in states["/s/tree.yaml"] = Self.state(2) })
        #expect(change == WatchChange(modified: ["/s/tree.yaml"], rerun: ["/s/c.yaml"]))
    }

    @Test func aChangedScriptRerunsOnlyItself() {
        let change = ScriptWatcher.change(
            from: Self.baseline, to: Self.poll { _, states in states["/s/d.yaml"] = Self.state(2) })
        #expect(change.rerun == ["/s/d.yaml"])
    }

    @Test func aNewScriptRunsAndADeletedOneIsDropped() {
        let change = ScriptWatcher.change(
            from: Self.baseline,
            to: Self.poll { inventory, states in
                inventory.scripts = ["/s/a.yaml", "/s/b.yaml", "/s/c.yaml", "/s/e.yaml"]
                inventory.dependencies["/s/d.yaml"] = nil
                inventory.dependencies["/s/e.yaml"] = ["/s/e.yaml"]
                states["/s/d.yaml"] = nil
                states["/s/e.yaml"] = Self.state(1)
            })
        #expect(
            change
                == WatchChange(
                    added: ["/s/e.yaml"], removed: ["/s/d.yaml"], rerun: ["/s/e.yaml"], dropped: ["/s/d.yaml"]))
    }

    @Test func aDeletedUsedScriptRerunsItsUser() {
        let change = ScriptWatcher.change(
            from: Self.baseline,
            to: Self.poll { inventory, states in
                inventory.scripts = ["/s/a.yaml", "/s/c.yaml", "/s/d.yaml"]
                inventory.dependencies["/s/b.yaml"] = nil
                states["/s/b.yaml"] = nil
            })
        #expect(change.removed == ["/s/b.yaml"])
        #expect(change.rerun == ["/s/a.yaml"])
        #expect(change.dropped == ["/s/b.yaml"])
    }

    @Test func aFileWatchedOnlyNowIsNoChangeOfItsOwn() {
        // a now uses x.yaml instead of b.yaml: a changed and reruns; x and b are not reported.
        let change = ScriptWatcher.change(
            from: Self.baseline,
            to: Self.poll { inventory, states in
                inventory.dependencies["/s/a.yaml"] = ["/s/a.yaml", "/s/x.yaml"]
                inventory.dependencies["/s/b.yaml"] = ["/s/b.yaml"]
                states["/s/a.yaml"] = Self.state(2)
                states["/s/x.yaml"] = Self.state(1)
            })
        #expect(change == WatchChange(modified: ["/s/a.yaml"], rerun: ["/s/a.yaml"]))
    }

    @Test func aChangeIsReportedOnceItHasSettled() {
        var watcher = ScriptWatcher(baseline: Self.baseline)
        #expect(watcher.take(Self.baseline) == nil)
        let first = Self.poll { _, states in states["/s/d.yaml"] = Self.state(2) }
        #expect(watcher.take(first) == nil)
        #expect(watcher.take(first) == WatchChange(modified: ["/s/d.yaml"], rerun: ["/s/d.yaml"]))
        // Reported once: the same files again are no change.
        #expect(watcher.take(first) == nil)
    }

    @Test func aSaveInTwoWritesRunsOnce() {
        var watcher = ScriptWatcher(baseline: Self.baseline)
        let truncated = Self.poll { _, states in states["/s/a.yaml"] = FileState(size: 0, modified: 2) }
        let written = Self.poll { _, states in states["/s/a.yaml"] = Self.state(3) }
        #expect(watcher.take(truncated) == nil)
        #expect(watcher.take(written) == nil)
        #expect(watcher.take(written) == WatchChange(modified: ["/s/a.yaml"], rerun: ["/s/a.yaml"]))
        #expect(watcher.take(written) == nil)
    }

    @Test func aChangeUndoneBeforeItSettledIsNoChange() {
        var watcher = ScriptWatcher(baseline: Self.baseline)
        #expect(watcher.take(Self.poll { _, states in states["/s/a.yaml"] = Self.state(2) }) == nil)
        #expect(watcher.take(Self.baseline) == nil)
        #expect(watcher.take(Self.baseline) == nil)
    }

    @Test func moreQuietPollsWaitLonger() {
        var watcher = ScriptWatcher(baseline: Self.baseline, quietPolls: 3)
        let changed = Self.poll { _, states in states["/s/c.yaml"] = Self.state(2) }
        #expect(watcher.take(changed) == nil)
        #expect(watcher.take(changed) == nil)
        #expect(watcher.take(changed) == nil)
        #expect(watcher.take(changed)?.rerun == ["/s/c.yaml"])
    }

    /// A clock-free run of the loop: polls come from a list, each sleep returns at once, and the
    /// loop ends when the list runs out (the sleep throws as a cancelled one does).
    @Test func theLoopHandsEachSettledChangeToTheRerun() async {
        let changed = Self.poll { _, states in states["/s/b.yaml"] = Self.state(2) }
        let polls = PollList([Self.baseline, changed, changed, changed, Self.baseline, Self.baseline])
        let loop = WatchLoop(
            interval: .milliseconds(1), poll: { await polls.next() },
            sleep: { _ in if await polls.isEmpty { throw CancellationError() } })
        var changes: [WatchChange] = []
        await loop.run(from: Self.baseline) { changes.append($0) }
        #expect(
            changes == [
                WatchChange(modified: ["/s/b.yaml"], rerun: ["/s/a.yaml", "/s/b.yaml"]),
                WatchChange(modified: ["/s/b.yaml"], rerun: ["/s/a.yaml", "/s/b.yaml"]),
            ])
    }

    actor PollList {
        var polls: [ScriptWatcher.Poll]
        init(_ polls: [ScriptWatcher.Poll]) { self.polls = polls }
        var isEmpty: Bool { polls.isEmpty }
        func next() -> ScriptWatcher.Poll { polls.isEmpty ? ScriptWatcherTests.baseline : polls.removeFirst() }
    }

    static func write(_ text: String, to name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func theInventoryFollowsUsesTreesAndSkipsTreeFiles() throws {
        let folder = try TemporaryFiles.directory()
        let write = { (name: String, text: String) in try Self.write(text, to: name, in: folder) }
        try write("a.yaml", "version: 1\nname: A\nuses: b.yaml\n")
        try write("b.yaml", "version: 1\nname: B\nuses: { script: sub/c.yaml }\n")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try write("sub/c.yaml", "version: 1\nname: C\nserver: { simulate: ../tree.yaml }\njourney: Login\n")
        try write("tree.yaml", "kind: simulator\njourneys: {}\n")
        let root = folder.path
        let env = root + "/test.env"
        let inventory = WatchInventory.find(WatchScope(paths: [root], sharedFiles: [env]))
        let key = { (name: String) in WatchInventory.key(root + "/" + name) }
        #expect(inventory.scripts == [root + "/a.yaml", root + "/b.yaml", root + "/sub/c.yaml"])
        #expect(
            inventory.dependencies[root + "/a.yaml"] == [
                key("a.yaml"), key("b.yaml"), key("sub/c.yaml"), WatchInventory.key(env),
            ])
        #expect(
            inventory.dependencies[root + "/sub/c.yaml"] == [
                key("sub/c.yaml"), key("tree.yaml"), WatchInventory.key(env),
            ])
        // The tree of --simulate stands for the scripts' own.
        let simulated = WatchInventory.find(WatchScope(paths: [root + "/sub"], simulate: root + "/other.yaml"))
        #expect(simulated.dependencies[root + "/sub/c.yaml"] == [key("sub/c.yaml"), key("other.yaml")])
        // File states: a missing file is left out; an edit that keeps the size is seen.
        let before = FileStates.read([key("a.yaml"), key("missing.yaml")])
        #expect(before.keys.sorted() == [key("a.yaml")])
        try write("a.yaml", "version: 1\nname: Z\nuses: b.yaml\n")
        let after = FileStates.read([key("a.yaml")])
        #expect(after[key("a.yaml")] != before[key("a.yaml")])
        #expect(after[key("a.yaml")]?.size == before[key("a.yaml")]?.size)
    }

    @Test func aGuideIsWatchedWithTheFilesItsBlocksName() throws {
        let folder = try TemporaryFiles.directory()
        let write = { (name: String, text: String) in try Self.write(text, to: name, in: folder) }
        try write("a.yaml", "version: 1\nname: A\nuses: b.yaml\n")
        try write(
            "guide.md",
            """
            1. First:

               ```yaml journey file=named.yaml
               version: 1
               name: Named
               server: { simulate: tree.yaml }
               journey: Login
               ```

            > ```yaml journey
            > version: 1
            > name: Uses
            > uses: a.yaml
            > ```

            ```yaml journey
            version: 1
            name: In the guide
            uses: named.yaml
            ```

            """)
        let root = folder.path
        let key = { (name: String) in WatchInventory.key(root + "/" + name) }
        let inventory = WatchInventory.find(WatchScope(paths: [root]))
        #expect(inventory.scripts == [root + "/a.yaml", root + "/guide.md"])
        #expect(
            inventory.dependencies[root + "/guide.md"] == [
                key("guide.md"), key("tree.yaml"), key("a.yaml"), key("b.yaml"),
            ])
    }

    @Test func theReferenceCacheLoadsAFileAgainWhenItChanged() throws {
        let folder = try TemporaryFiles.directory()
        let script = folder.appendingPathComponent("a.yaml").path
        try "version: 1\nname: A\nuses: b.yaml\n".write(toFile: script, atomically: true, encoding: .utf8)
        let cache = WatchReferenceCache()
        let scope = WatchScope(paths: [folder.path])
        let b = WatchInventory.key(folder.path + "/b.yaml")
        let c = WatchInventory.key(folder.path + "/c.yaml")
        #expect(WatchInventory.find(scope, cache: cache).dependencies[script] == [WatchInventory.key(script), b])
        // Same size, same second: the digest tells the versions apart.
        try "version: 1\nname: A\nuses: c.yaml\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(WatchInventory.find(scope, cache: cache).dependencies[script] == [WatchInventory.key(script), c])
        try FileManager.default.removeItem(atPath: script)
        #expect(WatchInventory.find(scope, cache: cache).scripts.isEmpty)
    }

    @Test func aPollReadsEachFileOnce() throws {
        let folder = try TemporaryFiles.directory()
        let write = { (name: String, text: String) in try Self.write(text, to: name, in: folder) }
        // Three scripts use one, which uses another: each file is still read once per poll.
        try write("shared.yaml", "version: 1\nname: Shared\nuses: base.yaml\n")
        try write("base.yaml", "version: 1\nname: Base\njourney: Login\n")
        for name in ["a", "b", "c"] { try write("\(name).yaml", "version: 1\nname: \(name)\nuses: shared.yaml\n") }
        let scope = WatchScope(paths: [folder.path], sharedFiles: [folder.path + "/test.env"])
        var states = PollFileStates()
        let inventory = WatchInventory.find(scope, cache: WatchReferenceCache(), states: &states)
        let found = states.read(inventory.watched)
        #expect(inventory.scripts.count == 5)
        #expect(found.count == 5, "the five scripts; test.env is missing")
        #expect(states.reads == 6, "five scripts and the missing env file, each read once")
        #expect(found == FileStates.read(inventory.watched))
    }

    @Test func watchRefusesWhatDescribesOneRun() {
        #expect(WatchOption.problem(.init()) == nil)
        #expect(WatchOption.problem(.init(format: .json))?.contains("--format json") == true)
        #expect(WatchOption.problem(.init(reports: true))?.contains("--report") == true)
        #expect(WatchOption.problem(.init(record: true))?.contains("--record") == true)
        #expect(WatchOption.problem(.init(shard: true))?.contains("--shard") == true)
    }
}

import Foundation
import JourneyCore
import JourneyFormat
import Synchronization

/// What `journey run --watch` watches: the paths given to run (searched again on every poll, so
/// a new script file or Markdown guide runs and a deleted one is dropped), and the files that
/// apply to every script.
package struct WatchScope: Sendable {
    /// The files, folders and globs given to `journey run`.
    package var paths: [String]
    /// The tree of `--simulate`: every script runs against it.
    package var simulate: String?
    /// Other files the whole run reads (`--env-file`).
    package var sharedFiles: [String]

    package init(paths: [String], simulate: String? = nil, sharedFiles: [String] = []) {
        self.paths = paths
        self.simulate = simulate
        self.sharedFiles = sharedFiles
    }
}

/// The scripts found at one poll and, for each, the files whose change reruns it. Files are
/// keyed by their absolute standardized path (``WatchInventory/key(_:)``); scripts keep the path
/// they were found by, which is how they are run and shown.
package struct WatchInventory: Sendable, Equatable {
    /// The script files and Markdown guides found (simulator trees left out), in run order. A
    /// guide runs again whole: its blocks' results are the guide's.
    package var scripts: [String]
    /// For each script, the keys of the files it depends on: itself, the scripts of its `uses:`
    /// chain, its simulator tree (`server.simulate` or `--simulate`), its `oauth` key file and the
    /// scope's shared files. A guide's are the guide, and those its blocks name (a `uses:` of a
    /// block of the guide is the guide itself). A file named but missing is listed too, so its
    /// appearing reruns it.
    package var dependencies: [String: Set<String>]

    package init(scripts: [String], dependencies: [String: Set<String>]) {
        self.scripts = scripts
        self.dependencies = dependencies
    }

    /// The script file or guide a result's ``JourneyResult/file`` names: itself, or for a block
    /// of a guide (`docs/guide.md#L40`, `docs/guide.md#login.yaml`) the guide.
    package static func script(ofResult file: String) -> String {
        GuideBlock.guide(ofIdentity: file) ?? file
    }

    /// Every file to watch.
    package var watched: Set<String> { dependencies.values.reduce(into: Set<String>()) { $0.formUnion($1) } }

    /// The key of a path: absolute and standardized, so `a/../b.yaml` and `b.yaml` are one file.
    package static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Searches `scope` and reads each script found for the files it names. A path that matches
    /// nothing (a folder emptied, a glob with no match) gives no scripts rather than an error:
    /// the watch goes on and runs what appears. With a `cache`, a file is loaded again only when
    /// its state changed (a poll of an unchanged suite loads no YAML).
    package static func find(_ scope: WatchScope, cache: WatchReferenceCache = WatchReferenceCache()) -> WatchInventory
    {
        var states = PollFileStates()
        return find(scope, cache: cache, states: &states)
    }

    /// ``find(_:cache:)`` reading each file's state once for the whole poll (`states`).
    package static func find(_ scope: WatchScope, cache: WatchReferenceCache, states: inout PollFileStates)
        -> WatchInventory
    {
        var files: [String] = []
        for path in scope.paths {
            files += (try? ScriptFinder.scriptFiles(in: [path])) ?? []
        }
        var seen = Set<String>()
        files = files.filter { seen.insert(key($0)).inserted }
        let shared = Set((scope.sharedFiles + [scope.simulate].compactMap { $0 }).map(key))
        var scripts: [String] = []
        var dependencies: [String: Set<String>] = [:]
        for file in files {
            if cache.references(of: file, states: &states)?.isTree == true { continue }
            scripts.append(file)
            dependencies[file] = shared.union(
                named(byScriptAt: file, simulate: scope.simulate, cache: cache, states: &states))
        }
        return WatchInventory(scripts: scripts, dependencies: dependencies)
    }

    /// The keys of the script at `file` and the files it names, following `uses:` to its end
    /// (a cycle or an unreadable script stops it: the run reports those).
    static func named(
        byScriptAt file: String, simulate: String?, cache: WatchReferenceCache, states: inout PollFileStates
    ) -> Set<String> {
        var keys: Set<String> = [key(file)]
        guard let references = cache.references(of: file, states: &states) else { return keys }
        for script in references.blocks ?? [references] {
            follow(script, simulate: simulate, keys: &keys, cache: cache, states: &states)
        }
        return keys
    }

    /// Adds to `keys` the files `script` names, and those of the scripts its `uses:` chain leads to.
    private static func follow(
        _ script: FileReferences, simulate: String?, keys: inout Set<String>, cache: WatchReferenceCache,
        states: inout PollFileStates
    ) {
        var references = script
        var first = true
        while true {
            if first, simulate == nil, let tree = references.simulate { keys.insert(key(tree)) }
            if let privateKey = references.privateKey { keys.insert(key(privateKey)) }
            first = false
            guard let uses = references.uses, keys.insert(key(uses)).inserted,
                let next = cache.references(of: uses, states: &states)
            else { return }
            references = next
        }
    }
}

/// What one file says about the files it names, its paths resolved from the file's folder.
package struct FileReferences: Sendable, Equatable {
    /// A simulator tree (`kind: simulator`), not a script.
    package var isTree = false
    /// The script's `server.simulate` tree, as written.
    package var simulate: String?
    /// The `oauth` private key file the script names, as written.
    package var privateKey: String?
    /// The script its `uses:` names, as written.
    package var uses: String?
    /// For a Markdown guide, the references of each of its `yaml journey` blocks that loads (a
    /// `uses:` of a block of the guide left out: the guide is watched already); nil for a YAML file.
    package var blocks: [FileReferences]?

    /// The references of one script.
    init(script: Script, path: String) {
        simulate = script.server.simulate.map { ReferencedFiles.resolve($0.value, from: path) }
        privateKey = script.oauth?.privateKey.map { ReferencedFiles.resolve($0.value, from: path) }
        uses = script.uses.map { ReferencedFiles.resolve($0.script.value, from: path) }
    }

    /// The references in `text`, the file at `path`; none for a script that does not load.
    package init(text: String, path: String) {
        if Guide.isMarkdown(path) {
            let guide = Guide(file: path, text: text)
            blocks = guide.blocks.compactMap { block in
                guard let script = ScriptLoader.lint(block: block, in: guide).script else { return nil }
                var references = FileReferences(script: script, path: path)
                if let uses = references.uses, guide.block(atPath: uses) != nil { references.uses = nil }
                return references
            }
            return
        }
        if ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind {
            isTree = true
            return
        }
        guard let script = ScriptLoader.lint(text: text, file: path).script else { return }
        self = FileReferences(script: script, path: path)
    }
}

/// The ``FileReferences`` of each file, kept with the ``FileState`` they were read at: a watch
/// loads a file again only when it changed.
package final class WatchReferenceCache: Sendable {
    private let entries = Mutex<[String: (state: FileState, references: FileReferences)]>([:])

    package init() {}

    /// The references of the file at `path`, nil when it cannot be read.
    package func references(of path: String) -> FileReferences? {
        var states = PollFileStates()
        return references(of: path, states: &states)
    }

    /// ``references(of:)`` with the file's state read through the poll's `states`.
    package func references(of path: String, states: inout PollFileStates) -> FileReferences? {
        let key = WatchInventory.key(path)
        guard let state = states.state(ofKey: key) else {
            entries.withLock { $0[key] = nil }
            return nil
        }
        if let entry = entries.withLock({ $0[key] }), entry.state == state { return entry.references }
        guard let text = try? SourceFile.read(key) else { return nil }
        let references = FileReferences(text: text, path: path)
        entries.withLock { $0[key] = (state, references) }
        return references
    }
}

import Foundation
import JourneyCore

/// What `journey run --watch` watches: the paths given to run (searched again on every poll, so
/// a new script file runs and a deleted one is dropped), and the files that apply to every script.
public struct WatchScope: Sendable {
    /// The files, folders and globs given to `journey run`.
    public var paths: [String]
    /// The tree of `--simulate`: every script runs against it.
    public var simulate: String?
    /// Other files the whole run reads (`--env-file`, a `--replay` HAR file).
    public var sharedFiles: [String]

    public init(paths: [String], simulate: String? = nil, sharedFiles: [String] = []) {
        self.paths = paths
        self.simulate = simulate
        self.sharedFiles = sharedFiles
    }
}

/// The scripts found at one poll and, for each, the files whose change reruns it. Files are
/// keyed by their absolute standardized path (``WatchInventory/key(_:)``); scripts keep the path
/// they were found by, which is how they are run and shown.
public struct WatchInventory: Sendable, Equatable {
    /// The script files found (simulator trees left out), in run order.
    public var scripts: [String]
    /// For each script, the keys of the files it depends on: itself, the scripts of its `uses:`
    /// chain, its simulator tree (`server.simulate` or `--simulate`), its `oauth` key file and the
    /// scope's shared files. A file named but missing is listed too, so its appearing reruns it.
    public var dependencies: [String: Set<String>]

    public init(scripts: [String], dependencies: [String: Set<String>]) {
        self.scripts = scripts
        self.dependencies = dependencies
    }

    /// Every file to watch.
    public var watched: Set<String> { dependencies.values.reduce(into: Set<String>()) { $0.formUnion($1) } }

    /// The key of a path: absolute and standardized, so `a/../b.yaml` and `b.yaml` are one file.
    public static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Searches `scope` and reads each script found for the files it names. A path that matches
    /// nothing (a folder emptied, a glob with no match) gives no scripts rather than an error:
    /// the watch goes on and runs what appears.
    public static func find(_ scope: WatchScope) -> WatchInventory {
        var files: [String] = []
        for path in scope.paths {
            files += (try? ScriptFinder.yamlFiles(in: [path])) ?? []
        }
        var seen = Set<String>()
        files = files.filter { seen.insert(key($0)).inserted }
        let shared = Set((scope.sharedFiles + [scope.simulate].compactMap { $0 }).map(key))
        var scripts: [String] = []
        var dependencies: [String: Set<String>] = [:]
        for file in files {
            let text = try? SourceFile.read(file)
            if let text, ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind { continue }
            scripts.append(file)
            dependencies[file] = shared.union(named(byScriptAt: file, text: text, simulate: scope.simulate))
        }
        return WatchInventory(scripts: scripts, dependencies: dependencies)
    }

    /// The keys of the script at `file` and the files it names, following `uses:` to its end
    /// (a cycle or an unreadable script stops it: the run reports those).
    static func named(byScriptAt file: String, text: String?, simulate: String?) -> Set<String> {
        var keys: Set<String> = [key(file)]
        var path = file
        var text = text
        var first = true
        while let source = text, let script = ScriptLoader.lint(text: source, file: path).script {
            if first, simulate == nil, let tree = script.server.simulate {
                keys.insert(key(ReferencedFiles.resolve(tree.value, from: path)))
            }
            if let privateKey = script.oauth?.privateKey {
                keys.insert(key(ReferencedFiles.resolve(privateKey.value, from: path)))
            }
            first = false
            guard let uses = script.uses else { break }
            path = ReferencedFiles.resolve(uses.script.value, from: path)
            guard keys.insert(key(path)).inserted else { break }
            text = try? SourceFile.read(path)
        }
        return keys
    }
}

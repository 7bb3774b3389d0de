import Foundation
import JourneyCore
import JourneyFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Expands the files, folders and globs given on the command line into YAML files (and, for
/// `run` and `lint`, Markdown guides), in a stable order. Folders are searched recursively for
/// `.yaml`/`.yml` (and `.md`), leaving out hidden files and folders (`.github/`, `.build/`, an
/// editor's `.#login.yaml`): a file named on its own is taken as it is.
package enum ScriptFinder {
    package struct Missing: Error, Sendable, CustomStringConvertible {
        package let path: String
        package var description: String { "no such file, folder or matching glob: \(path)" }
    }

    /// What `journey run` and `journey lint` take when no path is given (`journey init` makes it).
    package static let defaultFolder = "journeys/"

    package static func yamlFiles(in paths: [String]) throws(Missing) -> [String] {
        try files(in: paths, markdown: false)
    }

    /// The YAML files and the Markdown guides (``Guide``) `paths` name: what `run` and `lint` take.
    package static func scriptFiles(in paths: [String]) throws(Missing) -> [String] {
        try files(in: paths, markdown: true)
    }

    private static func files(in paths: [String], markdown: Bool) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            let expanded = path.contains(where: { "*?[".contains($0) }) ? glob(path) : [path]
            if expanded.isEmpty { throw Missing(path: path) }
            for item in expanded {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: item, isDirectory: &isDirectory) else {
                    throw Missing(path: item)
                }
                files += isDirectory.boolValue ? Self.files(under: item, markdown: markdown) : [item]
            }
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// The `kind:` of simulator tree files.
    package static let treeKind = "simulator"

    /// What a YAML file is: its top-level `kind:` (``treeKind`` for trees), `journey` when absent.
    package static func kind(ofFileText text: String) -> String {
        YAMLKind.topLevelKind(of: text) ?? "journey"
    }

    private static func files(under directory: String, markdown: Bool) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") || (markdown && Guide.isMarkdown(relative)) {
                files.append((directory as NSString).appendingPathComponent(relative))
            }
        }
        return files.sorted()
    }

    private static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Glibc)
            guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #else
            guard Darwin.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #endif
        return (0..<Int(result.gl_pathc)).compactMap { index in
            result.gl_pathv[index].map { String(cString: $0) }
        }.sorted()
    }
}

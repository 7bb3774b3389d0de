import Foundation
import PackagePlugin

/// Embeds the git commit the package is built from into the target it is applied to, as
/// `BuildCommit.short`, for `journey --version`. The Swift source is generated into the plugin's
/// work directory at build time (nothing tracked is modified); EmbedCommitTool reads `.git/HEAD`
/// and the ref it names (a loose ref file or `packed-refs`) and writes "unknown" when the package
/// is not a git checkout. The build reruns the tool when HEAD, packed-refs or a branch's ref file
/// changes: a commit or a checkout gives the next build the new commit.
@main
struct EmbedCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Embedding the git commit into \(target.name)",
                executable: try context.tool(named: "EmbedCommitTool").url,
                arguments: [output.path, package.path],
                inputFiles: Self.gitFiles(package),
                outputFiles: [output])
        ]
    }

    /// The files whose change moves HEAD: HEAD itself, packed-refs and every branch's ref file.
    static func gitFiles(_ package: URL) -> [URL] {
        let manager = FileManager.default
        var gitDirectory = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: gitDirectory.path, isDirectory: &isDirectory) else { return [] }
        if !isDirectory.boolValue {
            // A worktree or submodule: `.git` is a file saying `gitdir: PATH`.
            guard let text = try? String(contentsOf: gitDirectory, encoding: .utf8),
                let path = text.split(separator: "\n").first?.split(separator: " ", maxSplits: 1).last
            else { return [] }
            gitDirectory = resolve(String(path), from: package)
        }
        var common = gitDirectory
        if let text = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = resolve(path, from: gitDirectory)
        }
        var files = [gitDirectory.appending(path: "HEAD"), common.appending(path: "packed-refs")]
        let heads = common.appending(path: "refs/heads")
        if let enumerator = manager.enumerator(at: heads, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where !url.hasDirectoryPath {
                files.append(url)
            }
        }
        return files.filter { manager.fileExists(atPath: $0.path) }
    }

    /// `path` as git writes it in `.git` or `commondir`: absolute, or relative to `directory`.
    static func resolve(_ path: String, from directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path).standardizedFileURL
    }
}

import Foundation

/// Resolves a checkout's HEAD to a commit by reading git's files: `.git` (a folder, or a file
/// `gitdir: PATH` in a worktree), `HEAD` (a commit when detached, else `ref: refs/heads/NAME`),
/// the ref's loose file, else its line in `packed-refs`; a worktree's refs are in its `commondir`.
enum GitHead {
    static func commit(package: URL) -> String? {
        guard let gitDirectory = gitDirectory(package),
            let head = read(gitDirectory.appending(path: "HEAD"))
        else { return nil }
        guard head.hasPrefix("ref:") else { return isCommit(head) ? head : nil }
        let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
        let common = commonDirectory(gitDirectory)
        for directory in [gitDirectory, common] {
            if let loose = read(directory.appending(path: ref)), isCommit(loose) { return loose }
        }
        guard let packed = try? String(contentsOf: common.appending(path: "packed-refs"), encoding: .utf8) else {
            return nil
        }
        for line in packed.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == ref, isCommit(String(fields[0])) { return String(fields[0]) }
        }
        return nil
    }

    static func gitDirectory(_ package: URL) -> URL? {
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let text = read(dotGit), text.hasPrefix("gitdir:") else { return nil }
        return resolve(text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces), from: package)
    }

    static func commonDirectory(_ gitDirectory: URL) -> URL {
        guard let path = read(gitDirectory.appending(path: "commondir")) else { return gitDirectory }
        return resolve(path, from: gitDirectory)
    }

    /// `path` as git writes it in `.git` or `commondir`: absolute, or relative to `directory`.
    static func resolve(_ path: String, from directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path).standardizedFileURL
    }

    /// A file's first line without surrounding blanks, or nil when it cannot be read.
    static func read(_ url: URL) -> String? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return line.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Forty (SHA-1) or sixty-four (SHA-256) lowercase hex digits.
    static func isCommit(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}

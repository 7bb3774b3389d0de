import Foundation
import JourneyCore

/// Where a script's text comes from: a file of its own, or a `yaml journey` block of a guide.
package enum ScriptSource: Sendable {
    case file(String)
    case block(GuideBlock, in: Guide)

    /// The script's name in results and reports, and its ``Script/file``: the file's path, or the
    /// block's ``GuideBlock/identity`` (`guide.md#L40`).
    package var identity: String {
        switch self {
        case .file(let path): return path
        case .block(let block, _): return block.identity
        }
    }

    /// The file that holds the script: the file itself, or the guide.
    package var file: String {
        switch self {
        case .file(let path): return path
        case .block(_, let guide): return guide.file
        }
    }

    /// Tells two sources apart however their paths are written (`uses:` cycles).
    package var key: String { Guide.standardized(identity) }

    /// The script a `uses:` value leads to from the script whose ``Script/file`` is `file`: a block
    /// of `guide` named so (`file=NAME`), else the file at that path, relative to `file`'s folder.
    package static func used(_ name: String, from file: String, guide: Guide?) -> ScriptSource {
        let path = ReferencedFiles.resolve(name, from: file)
        if let guide, let block = guide.block(atPath: path) { return .block(block, in: guide) }
        return .file(path)
    }

    /// The script `uses:` leads to from `script`.
    package static func used(by script: Script, name: String) -> ScriptSource {
        used(name, from: script.file, guide: script.guide)
    }

    /// The source's text and loaded script with every diagnostic; a file that cannot be read throws.
    package func lint(options: ScriptLoadOptions = .init()) throws(Diagnostic) -> (
        script: Script?, diagnostics: [Diagnostic]
    ) {
        switch self {
        case .file(let path):
            return ScriptLoader.lint(text: try SourceFile.read(path), file: path, options: options)
        case .block(let block, let guide):
            return ScriptLoader.lint(block: block, in: guide, options: options)
        }
    }

    /// Loads the script, throwing every error.
    package func load(options: ScriptLoadOptions = .init()) throws(DiagnosticList) -> Script {
        let result: (script: Script?, diagnostics: [Diagnostic])
        do {
            result = try lint(options: options)
        } catch {
            throw DiagnosticList([error])
        }
        guard let script = result.script else { throw DiagnosticList(result.diagnostics) }
        return script
    }
}

import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun

/// One script of a run: a file (with its text when it was read already), or a block of a
/// Markdown guide; or a guide's own problems, which stop it as an invalid script would.
package enum SuiteScript: Sendable {
    case file(String, text: String?)
    case block(GuideBlock, in: Guide)
    case guideProblems(Guide)

    /// What results name the script by: the file, or the block's `guide.md#L40`.
    package var identity: String {
        switch self {
        case .file(let path, _): return path
        case .block(let block, _): return block.identity
        case .guideProblems(let guide): return guide.file
        }
    }
}

/// The files a run or a load was given, each read once and told apart: the scripts (with the
/// text that told them from a tree, which is the text prepared; a Markdown guide's blocks each
/// a script) and the simulator trees.
package struct SuiteFiles: Sendable {
    package var scripts: [SuiteScript] = []
    package var trees: [String] = []

    package init(_ files: [String]) {
        for file in files {
            if Guide.isMarkdown(file) {
                let guide = Guide.read(file)
                if !guide.diagnostics.isEmpty { scripts.append(.guideProblems(guide)) }
                scripts += guide.blocks.map { .block($0, in: guide) }
                continue
            }
            let text = try? SourceFile.read(file)
            if let text, ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind {
                trees.append(file)
            } else {
                scripts.append(.file(file, text: text))
            }
        }
    }

    /// A tree file given with the scripts is not run, but a broken one stops the run as lint
    /// would: the result naming the first broken tree, or nil.
    package func brokenTree(launcher: (any SimulatorLauncher)?) async -> JourneyResult? {
        guard let launcher else { return nil }
        for tree in trees {
            let diagnostics = await launcher.diagnostics(forTreeFile: tree)
            guard diagnostics.contains(where: { $0.severity == .error }) else { continue }
            return JourneyResult(name: (tree as NSString).lastPathComponent, file: tree, diagnostics: diagnostics)
        }
        return nil
    }
}

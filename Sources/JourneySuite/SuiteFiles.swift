import Foundation
import JourneyCore
import JourneyRun

/// The files a run or a load was given, each read once and told apart: the scripts (with the
/// text that told them from a tree, which is the text prepared) and the simulator trees.
package struct SuiteFiles: Sendable {
    package var scripts: [(file: String, text: String?)] = []
    package var trees: [String] = []

    package init(_ files: [String]) {
        for file in files {
            let text = try? SourceFile.read(file)
            if let text, ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind {
                trees.append(file)
            } else {
                scripts.append((file, text))
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

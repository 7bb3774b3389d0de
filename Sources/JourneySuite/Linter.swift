import Foundation
import JourneyCore
import JourneyFormat

/// The problems `journey lint` finds in one file.
package struct LintedFile: Sendable {
    package let file: String
    /// The file's text when it could be read.
    package let text: String?
    package let diagnostics: [Diagnostic]
    /// A Markdown file without a `yaml journey` block and without a problem: nothing was checked in it.
    package var checkedNothing = false

    /// Every diagnostic with its source line, each followed by a blank line.
    package var rendered: String {
        diagnostics.map { $0.rendered(source: text) + "\n\n" }.joined()
    }
}

/// What `journey lint` found in all its files.
package struct LintReport: Sendable {
    package let files: [LintedFile]

    package var errors: Int { files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count } }
    package var warnings: Int { files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity != .error }.count } }
    /// `N files checked: E errors, W warnings` (`1 file checked: 1 error, 0 warnings`).
    package var summary: String {
        "\(Plural.count(files.count, "file")) checked: \(Plural.count(errors, "error")), "
            + Plural.count(warnings, "warning")
    }

    /// Whether no script, guide block or tree was checked (no file found, or only Markdown files
    /// without `yaml journey` blocks).
    package var checkedNothing: Bool { files.allSatisfy(\.checkedNothing) }

    /// Whether lint fails: any error, or with `strict` any warning.
    package func fails(strict: Bool) -> Bool { errors > 0 || (strict && warnings > 0) }
}

/// Checks scripts and simulator trees without running them: scripts through the same
/// ``ScriptPreparation`` a run takes, trees through the launcher that would start them.
package enum Linter {
    /// Lints every YAML file and Markdown guide `paths` names (files, folders, globs), in ``ScriptFinder`` order.
    package static func lint(
        paths: [String], knownVariables: Set<String>, trees: any SimulatorLauncher
    ) async throws(ScriptFinder.Missing) -> LintReport {
        var files: [LintedFile] = []
        for file in try ScriptFinder.scriptFiles(in: paths) {
            files.append(await lint(file: file, knownVariables: knownVariables, trees: trees))
        }
        return LintReport(files: files)
    }

    /// Every diagnostic of one script or tree file.
    package static func lint(file: String, knownVariables: Set<String>, trees: any SimulatorLauncher) async
        -> LintedFile
    {
        if Guide.isMarkdown(file) { return lint(guide: Guide.read(file), knownVariables: knownVariables) }
        let text: String
        do {
            text = try SourceFile.read(file)
        } catch {
            return LintedFile(file: file, text: nil, diagnostics: [error])
        }
        if ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind {
            return LintedFile(file: file, text: text, diagnostics: await trees.diagnostics(forTreeFile: file))
        }
        let options = PreparationOptions(
            load: ScriptLoadOptions(knownVariables: knownVariables), detailedReferences: false)
        let prepared = ScriptPreparation.prepare(text: text, file: file, options: options)
        return LintedFile(file: file, text: text, diagnostics: prepared?.diagnostics ?? [])
    }

    /// A Markdown guide's own problems, then each `yaml journey` block's, at the guide's lines.
    private static func lint(guide: Guide, knownVariables: Set<String>) -> LintedFile {
        let options = PreparationOptions(
            load: ScriptLoadOptions(knownVariables: knownVariables), detailedReferences: false)
        var diagnostics = guide.diagnostics
        for block in guide.blocks {
            diagnostics += ScriptPreparation.prepare(block: block, in: guide, options: options)?.diagnostics ?? []
        }
        var linted = LintedFile(file: guide.file, text: guide.text, diagnostics: diagnostics)
        linted.checkedNothing = guide.blocks.isEmpty && diagnostics.isEmpty
        return linted
    }
}

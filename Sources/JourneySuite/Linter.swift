import Foundation
import JourneyCore
import JourneyFormat

/// The problems `journey lint` finds in one file.
public struct LintedFile: Sendable {
    public let file: String
    /// The file's text when it could be read.
    public let text: String?
    public let diagnostics: [Diagnostic]

    /// Every diagnostic with its source line, each followed by a blank line.
    public var rendered: String {
        diagnostics.map { $0.rendered(source: text) + "\n\n" }.joined()
    }
}

/// What `journey lint` found in all its files.
public struct LintReport: Sendable {
    public let files: [LintedFile]

    public var errors: Int { files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count } }
    public var warnings: Int { files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity != .error }.count } }
    /// `N files checked: E errors, W warnings` (`1 file checked: 1 error, 0 warnings`).
    public var summary: String {
        "\(Plural.count(files.count, "file")) checked: \(Plural.count(errors, "error")), "
            + Plural.count(warnings, "warning")
    }

    /// Whether lint fails: any error, or with `strict` any warning.
    public func fails(strict: Bool) -> Bool { errors > 0 || (strict && warnings > 0) }
}

/// Checks scripts and simulator trees without running them: scripts through the same
/// ``ScriptPreparation`` a run takes, trees through the launcher that would start them.
public enum Linter {
    /// Lints every YAML file `paths` names (files, folders, globs), in ``ScriptFinder`` order.
    public static func lint(
        paths: [String], knownVariables: Set<String>, trees: any SimulatorLauncher
    ) async throws(ScriptFinder.Missing) -> LintReport {
        var files: [LintedFile] = []
        for file in try ScriptFinder.yamlFiles(in: paths) {
            files.append(await lint(file: file, knownVariables: knownVariables, trees: trees))
        }
        return LintReport(files: files)
    }

    /// Every diagnostic of one script or tree file.
    public static func lint(file: String, knownVariables: Set<String>, trees: any SimulatorLauncher) async
        -> LintedFile
    {
        let text: String
        do {
            text = try SourceFile.read(file)
        } catch {
            return LintedFile(file: file, text: nil, diagnostics: [error])
        }
        if ScriptFinder.kind(ofFileText: text) == ScriptFinder.treeKind {
            return LintedFile(file: file, text: text, diagnostics: await trees.diagnostics(forTreeFile: file))
        }
        let options = PreparationOptions(load: LoadOptions(knownVariables: knownVariables), detailedReferences: false)
        let prepared = ScriptPreparation.prepare(text: text, file: file, options: options)
        return LintedFile(file: file, text: text, diagnostics: prepared?.diagnostics ?? [])
    }
}

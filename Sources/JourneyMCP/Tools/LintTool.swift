import JourneyCore
import JourneyKit

/// `lint { path }`: the problems of a script, a guide or a folder's scripts, as `journey lint`
/// finds them. An error result when there is any error.
struct LintTool: Sendable {
    let root: RootFolder
    let makeLauncher: @Sendable () -> any SimulatorLauncher

    func call(_ arguments: ToolArguments) async throws -> ToolOutput {
        let files = try ScriptFiles(root: root).find(try arguments.requiredString("path"))
        let launcher = makeLauncher()
        let report = try await Linter.lint(paths: files.found, knownVariables: [], trees: launcher)
        await launcher.stopAll()
        var diagnostics: [JSONValue] = []
        var text = ""
        for file in report.files {
            for diagnostic in file.diagnostics {
                diagnostics.append(Self.json(diagnostic, file: file.file))
            }
            text += file.rendered
        }
        text += report.summary + files.skippedNote
        return ToolOutput(
            structured: [
                "files": .int(report.files.count), "errors": .int(report.errors), "warnings": .int(report.warnings),
                "diagnostics": .array(diagnostics), "skipped": .array(files.skipped.map { .string($0) }),
            ],
            text: text, isError: report.errors > 0)
    }

    static func json(_ diagnostic: Diagnostic, file: String) -> JSONValue {
        [
            "file": .string(diagnostic.location?.file ?? file),
            "line": diagnostic.location.map { .int($0.line) } ?? .null,
            "column": diagnostic.location.map { .int($0.column) } ?? .null,
            "severity": .string(diagnostic.severity.rawValue),
            "message": .string(diagnostic.message),
            "hint": diagnostic.hint.map { .string($0) } ?? .null,
        ]
    }
}

/// The scripts and guides a tool's `path` names, each still inside the root: a folder's file
/// that is a symlink out of it is skipped (and named), never read.
struct ScriptFiles: Sendable {
    let root: RootFolder

    struct Found: Sendable {
        var found: [String]
        var skipped: [String]

        var skippedNote: String {
            skipped.isEmpty ? "" : "\nskipped (they resolve outside the root): " + skipped.joined(separator: ", ")
        }
    }

    func find(_ path: String) throws -> Found {
        let resolved = try root.resolve(path)
        let files = try ScriptFinder.scriptFiles(in: [resolved])
        var found = Found(found: [], skipped: [])
        for file in files {
            if root.keeps(file) { found.found.append(file) } else { found.skipped.append(root.shown(file)) }
        }
        return found
    }
}

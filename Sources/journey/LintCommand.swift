import ArgumentParser
import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check scripts and simulator trees (files, folders or globs) without running them.")

    @Argument(help: "Script or tree files, folders or globs.")
    var paths: [String]

    @Option(name: .customLong("var"), help: "A variable supplied at run time (name or name=value; repeatable).")
    var variables: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let files: [String]
        do {
            files = try ScriptFinder.yamlFiles(in: paths)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        let known = Set(variables.map { String($0.split(separator: "=", maxSplits: 1).first ?? "") })
        var errors = 0
        var warnings = 0
        var report = ""
        for file in files {
            let (text, diagnostics) = Self.lint(file: file, knownVariables: known)
            for diagnostic in diagnostics {
                report += diagnostic.rendered(source: text) + "\n\n"
                if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            }
        }
        FileHandle.standardError.write(Data(report.utf8))
        print("\(files.count) files checked: \(errors) errors, \(warnings) warnings")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(2) }
    }

    /// The text (when it could be read) and every diagnostic of the script or tree file at `file`.
    static func lint(file: String, knownVariables: Set<String>) -> (text: String?, diagnostics: [Diagnostic]) {
        do {
            let text = try SourceFile.read(file)
            return (text, lint(text: text, file: file, knownVariables: knownVariables))
        } catch {
            return (nil, [error])
        }
    }

    /// Every diagnostic of one script or tree file.
    static func lint(text: String, file: String, knownVariables: Set<String>) -> [Diagnostic] {
        if SimulatorLoader.isSimulatorFile(text: text) {
            return SimulatorLoader.lint(text: text, file: file)
        }
        let (script, diagnostics) = ScriptLoader.lint(
            text: text, file: file, options: LoadOptions(knownVariables: knownVariables))
        guard let script else { return diagnostics }
        let references = ReferencedFiles.diagnostics(for: script, options: LoadOptions(knownVariables: knownVariables))
        do {
            let compiled = try JourneyCompiler.compile(script)
            return diagnostics + references + compiled.warnings
        } catch {
            return diagnostics + references + error.diagnostics
        }
    }
}

import ArgumentParser
import Foundation
import JourneyKit

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check scripts and simulator trees (files, folders or globs) without running them.")

    @Argument(help: "Script or tree files, folders or globs (journeys/ when none is given).")
    var paths: [String] = []

    @Option(name: .customLong("var"), help: "A variable supplied at run time (name or name=value; repeatable).")
    var variables: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Finding no script or tree to check exits 0, not 2.")
    var allowEmpty = false

    mutating func validate() {
        if paths.isEmpty { paths = [ScriptFinder.defaultFolder] }
    }

    func run() async throws {
        let known = Set(variables.map { String($0.split(separator: "=", maxSplits: 1).first ?? "") })
        let report: LintReport
        do {
            report = try await Linter.lint(paths: paths, knownVariables: known, trees: EmbeddedSimulators())
        } catch {
            throw CommandExit.error(error.description)
        }
        StandardError.writeAsIs(report.files.map(\.rendered).joined())
        print(report.summary)
        if report.fails(strict: strict) { throw ExitCode(2) }
        if report.checkedNothing && !allowEmpty {
            throw CommandExit.error(EmptySelection.message(command: "lint", paths: paths))
        }
    }
}

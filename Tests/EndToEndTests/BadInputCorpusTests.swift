import Foundation
import JourneyKit
import JourneyTestSupport
import Synchronization
import Testing

@testable import journey

/// The checked-in corpus of bad inputs (Tests/BadInputs): each case is run in process, within a
/// time limit, and must end with its exit code and a message that says what is wrong. Every
/// script error names file:line:col. The exit codes it produces are the ones the docs list.
@Suite struct BadInputCorpusTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        /// The file, relative to Tests/BadInputs (or a generated input: `@fifo`, `@oversized`,
        /// `@proc-environ`).
        var file: String
        /// `lint`, `run`, `run --allow-commands`, `import` or `merge` (`journey report merge`).
        var command: String
        var exit: Int32
        var message: String
        var testDescription: String { "\(command) \(file)" }
    }

    struct Outcome {
        var exit: Int32
        var messages: [String]
        var diagnostics: [Diagnostic]
    }

    static let folder = CLI.packageRoot.appendingPathComponent("Tests/BadInputs")
    /// Far above any case's own time: a case that reaches it hangs.
    static let timeLimit: Duration = TestTime.duration(300)

    static let cases: [Case] = {
        let url = folder.appendingPathComponent("cases.json")
        guard let data = try? Data(contentsOf: url), let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func eachCaseExitsWithItsCodeAndMessage(_ item: Case) async throws {
        let path = try Self.path(of: item.file)
        let outcome = try await Self.withinTimeLimit(item) { await Self.outcome(of: item, at: path) }
        guard let outcome else { return }
        let all = outcome.messages.joined(separator: "\n")
        #expect(outcome.exit == item.exit, "\(item.testDescription): \(all)")
        #expect(all.contains(item.message), "\(item.testDescription): \(all)")
        for diagnostic in outcome.diagnostics where diagnostic.severity == .error {
            #expect(diagnostic.location != nil, "no file:line:col: \(diagnostic.message)")
        }
    }

    /// The exit codes the corpus produces are in the README's and docs/format.md's tables with
    /// the meaning the runner gives them.
    @Test func theDocumentedExitCodesCoverTheCorpus() throws {
        let meanings: [Int32: String] = [
            0: "passed", 1: "expectation failed", 2: "invalid", 3: "transport or protocol error", 4: "replay",
        ]
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let format = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let readmeCodes =
            readme.components(separatedBy: "Exit codes:").dropFirst().first?
            .components(separatedBy: "\n\n").first?.lowercased() ?? ""
        let formatTable =
            format.components(separatedBy: "## Exit codes").dropFirst().first?
            .components(separatedBy: "\n## ").first?.lowercased() ?? ""
        for code in Set(Self.cases.map(\.exit)).sorted() {
            let meaning = try #require(meanings[code], "exit code \(code) has no meaning in this test")
            let row = formatTable.split(separator: "\n").first { $0.hasPrefix("| \(code) |") }
            #expect(row?.contains(meaning) == true, "docs/format.md: exit code \(code) is not '\(meaning)'")
            let sentence = readmeCodes.replacingOccurrences(of: "\n", with: " ").components(separatedBy: ";")
                .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(code) ") }
            #expect(sentence?.contains(meaning) == true, "README: exit code \(code) is not '\(meaning)'")
        }
    }

    /// A step that is not the one `expect.steps` lists stops the run there, naming the step,
    /// instead of answering a flow the script was not written for up to `limits.maxSteps`.
    @Test func theRunStopsAtTheFirstStepThatIsNotExpected() async throws {
        let path = Self.folder.appendingPathComponent("step-mismatch-stops.yaml").path
        let simulators = EmbeddedSimulators()
        let results = await SuiteRunner.run(
            SuiteOptions(paths: [path], configuration: RunConfiguration(fastPolling: true), launcher: simulators))
        await simulators.stopAll()
        let result = try #require(results.first)
        #expect(result.status == .failed)
        #expect(result.steps.count == 1)
        #expect(result.failures.first?.step == 1)
    }

    /// `--allow-commands` is how the command line opts in; without it nothing is sent.
    @Test func theCommandLineRunsProgramsOnlyWhenAllowed() async throws {
        let path = Self.folder.appendingPathComponent("command-without-opt-in.yaml").path
        let refused = try await CLI.run(["run", path])
        #expect(refused.status == 2)
        Golden.check(refused, run: "refused")
        #expect(!refused.stdout.contains("step 1"))
        let allowed = try await CLI.run(["run", path, "--allow-commands"])
        #expect(allowed.status == 0, "\(allowed.stdout)")
    }

    // MARK: Running a case

    static func path(of file: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-bad-\(UUID().uuidString)")
        switch file {
        case "@fifo":
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("pipe.yaml").path
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return path
        case "@proc-environ":
            // A file the kernel makes up: it says it is regular, of size 0, and holds the environment.
            return "/proc/self/environ"
        case "@oversized":
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("oversized.yaml")
            let comment = "# " + String(repeating: "x", count: 1_000) + "\n"
            let text = "version: 1\nname: big\n" + String(repeating: comment, count: SourceFile.maximumBytes / 1_000)
            try Data(text.utf8).write(to: url)
            return url.path
        default:
            return folder.appendingPathComponent(file).path
        }
    }

    static func outcome(of item: Case, at path: String) async -> Outcome {
        let words = item.command.split(separator: " ").map(String.init)
        switch words.first {
        case "lint":
            let diagnostics = await Linter.lint(file: path, knownVariables: [], trees: EmbeddedSimulators()).diagnostics
            let failed = diagnostics.contains { $0.severity == .error }
            return Outcome(exit: failed ? 2 : 0, messages: diagnostics.map(\.description), diagnostics: diagnostics)
        case "merge":
            do {
                let merged = try ReportMerge.merge(files: [path])
                return Outcome(exit: merged.exitCode, messages: [], diagnostics: [])
            } catch {
                return Outcome(exit: 2, messages: [error.description], diagnostics: [])
            }
        case "import":
            do {
                _ = try ScriptImporter.script(from: try Recording.load(path: path), journeyName: nil)
                return Outcome(exit: 0, messages: [], diagnostics: [])
            } catch {
                return Outcome(exit: 2, messages: [error.message], diagnostics: [])
            }
        default:
            var configuration = RunConfiguration(fastPolling: true)
            configuration.allowCommands = words.contains("--allow-commands")
            let simulators = EmbeddedSimulators()
            let results = await SuiteRunner.run(
                SuiteOptions(paths: [path], configuration: configuration, launcher: simulators))
            await simulators.stopAll()
            let messages = results.flatMap { result in
                [result.status.rawValue] + result.diagnostics.map(\.description)
                    + result.failures.map(\.description) + (result.error.map { [$0.description] } ?? [])
            }
            return Outcome(
                exit: RunSummary.exitCode(for: results.map(\.status)), messages: messages,
                diagnostics: results.flatMap(\.diagnostics))
        }
    }

    /// The case's outcome, or nil (an issue) when it runs past the time limit. The case runs in
    /// its own task, so one that hangs is reported and left behind instead of hanging the suite.
    static func withinTimeLimit(_ item: Case, _ body: @escaping @Sendable () async -> Outcome) async throws
        -> Outcome?
    {
        let once = Once()
        let outcome: Outcome? = await withCheckedContinuation { continuation in
            Task {
                let value = await body()
                if once.claim() { continuation.resume(returning: value) }
            }
            Task {
                try? await Task.sleep(for: timeLimit)
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
        if outcome == nil { Issue.record("\(item.testDescription) did not finish within \(timeLimit)") }
        return outcome
    }
}

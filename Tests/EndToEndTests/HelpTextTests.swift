import Foundation
import JourneyTestSupport
import Testing

/// The help a binary user reads: wrapped once, at 80 columns, with every exit code and no
/// instruction meant for a source checkout.
@Suite struct HelpTextTests {
    static let commands = [
        [], ["run"], ["lint"], ["schema"], ["simulate"], ["bench"], ["load"], ["import"], ["capture"], ["new"],
        ["serve"],
        ["diff"], ["report"],
    ]

    /// The text between the overview and the usage line.
    static func discussion(_ help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let usage = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.endIndex
        let blank = lines.firstIndex { $0.isEmpty } ?? usage
        return Array(lines[min(blank, usage)..<usage])
    }

    @Test(arguments: commands)
    func helpIsWrappedOnce(_ command: [String]) async throws {
        let wide = try await CLI.run(command + ["--help"], environment: ["COLUMNS": "1000"])
        #expect(wide.status == 0)
        #expect(!wide.stdout.contains("swift run"), "\(wide.stdout)")
        for line in Self.discussion(wide.stdout) where !line.isEmpty {
            if line.hasPrefix(" ") {
                // An example keeps its line at 80 columns: the help never breaks it.
                #expect(line.count < 80, "\(command): \(line)")
            } else {
                // Prose is one line per paragraph until the help wraps it: a line of the source
                // text that starts mid-sentence would be a stray fragment at any width.
                #expect(line.first?.isUppercase == true || line.first?.isNumber == true, "\(command): \(line)")
            }
        }
        // An option's help is one text, wrapped in its column.
        let narrow = try await CLI.run(command + ["--help"], environment: ["COLUMNS": "80"])
        let options = narrow.stdout.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }
        for line in options where !line.isEmpty && !line.hasPrefix("  ") && !line.hasSuffix(":") {
            Issue.record("\(command): a stray line among the options: \(line)")
        }
        for line in options where line.hasPrefix("        ") && !line.hasPrefix("                          ") {
            Issue.record("\(command): a line out of its column: \(line)")
        }
    }

    /// Its golden transcript lists them: 0 passed, 1 an expectation failed, 2 a script is invalid,
    /// 3 transport or protocol error, 4 a replay did not match its recording, 64 a usage error.
    @Test func theTopLevelHelpListsEveryExitCode() async throws {
        let help = try await CLI.run(["--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        Golden.check(help)
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// The README's "A first script" quotes what `journey run` prints for its script and for the
/// same script with a wrong password: both runs print exactly the quoted lines, durations aside,
/// so the README cannot drift from the runner.
@Suite struct ReadmeOutputTests {
    /// The script, the password the wrong-password variant uses, and the two quoted outputs.
    struct FirstScript {
        var script: String
        var wrongPassword: String
        var outputs: [String]
    }

    /// The section's first `yaml` block, the wrong password it names (`default: X`), and its
    /// unlabelled blocks in order (what the run prints).
    static func firstScript() throws -> FirstScript {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## A first script"), "README.md has no '## A first script'")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var script: String?
        var outputs: [String] = []
        var prose: [String] = []
        var block: (language: String, lines: [String])?
        for line in lines[(start + 1)..<end] {
            if let open = block {
                if line == "```" {
                    if open.language == "yaml", script == nil {
                        script = open.lines.joined(separator: "\n") + "\n"
                    } else if open.language.isEmpty {
                        outputs.append(open.lines.joined(separator: "\n"))
                    }
                    block = nil
                } else {
                    block?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                block = (String(line.dropFirst(3)), [])
            } else {
                prose.append(line)
            }
        }
        // "Change the password to something wrong (`default: X`)": the variant's password.
        let text = prose.joined(separator: " ")
        let marker = "`default: "
        let wrong = try #require(
            text.range(of: marker).map { text[$0.upperBound...].prefix { $0 != "`" } },
            "the README's wrong-password paragraph names no `default: ...`")
        return FirstScript(script: try #require(script), wrongPassword: String(wrong), outputs: outputs)
    }

    /// Durations (`24.4 ms`, `51 ms`, `0.05 s`) as a placeholder, the run's folder as the
    /// README's, trailing blank lines dropped.
    static func normalised(_ text: String, folder: String = "") throws -> [String] {
        let durations = try NSRegularExpression(pattern: #"\b\d+(\.\d+)? (ms|s)\b"#)
        var lines = text.replacingOccurrences(of: folder, with: "").components(separatedBy: "\n").map { line in
            durations.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "«duration»")
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Runs `script` saved as `journeys/my-login.yaml` in a folder of its own, next to the
    /// example trees, as the README says to save it.
    static func run(_ script: String) async throws -> (CLI.Output, folder: String) {
        let folder = try TemporaryFiles.directory("journey-readme")
        let journeys = folder.appendingPathComponent("journeys")
        try FileManager.default.createDirectory(at: journeys, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: journeys.appendingPathComponent("trees"),
            withDestinationURL: Repository.root.appendingPathComponent("journeys/trees"))
        let file = journeys.appendingPathComponent("my-login.yaml")
        try Data(script.utf8).write(to: file)
        let output = try await CLI.run(["run", file.path])
        return (output, folder.path + "/")
    }

    @Test func theReadmeQuotesWhatTheFirstScriptPrints() async throws {
        let readme = try Self.firstScript()
        try #require(readme.outputs.count == 2, "the section quotes the run and the wrong-password run")
        let (output, folder) = try await Self.run(readme.script)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(try Self.normalised(output.stdout, folder: folder) == Self.normalised(readme.outputs[0]))
    }

    @Test func theReadmeQuotesWhatTheWrongPasswordPrints() async throws {
        let readme = try Self.firstScript()
        try #require(readme.outputs.count == 2, "the section quotes the run and the wrong-password run")
        let right = "default: Ch4ng3it!"
        try #require(readme.script.contains(right), "the first script's password is no longer \(right)")
        let wrong = readme.script.replacingOccurrences(of: right, with: "default: \(readme.wrongPassword)")
        let (output, folder) = try await Self.run(wrong)
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        #expect(try Self.normalised(output.stdout, folder: folder) == Self.normalised(readme.outputs[1]))
    }
}

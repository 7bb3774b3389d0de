import Foundation
import JourneyTestSupport
import Testing

/// A Markdown guide run through the CLI as its writer would: three scripts (one `uses:` another)
/// with their transcripts, a transcript that drifts, a YAML error, and `--update-transcripts`.
@Suite struct GuideEndToEndTests {
    /// The guide before its transcripts are written: each transcript block is empty.
    static let guide = """
        # Logging in

        Log in as demo:

        ```yaml journey file=login.yaml
        version: 1
        name: Log in as demo
        server: { simulate: trees/am.yaml, realm: alpha }
        journey: Login
        handlers:
          NameCallback: demo
          PasswordCallback: Ch4ng3it!
        ```

        It prints:

        ```console journey
        ```

        Then log out, in the session of the first:

        ```yaml journey
        version: 1
        name: Log out after logging in
        server: { simulate: trees/am.yaml, realm: alpha }
        uses: login.yaml
        cleanup: logout
        ```

        ```console journey
        ```

        A wrong password fails, as shown:

        ~~~yaml journey
        version: 1
        name: Wrong password
        server: { simulate: trees/am.yaml, realm: alpha }
        journey: Login
        handlers:
          NameCallback: demo
          PasswordCallback: wrong-password
        ~~~

        ~~~console journey
        ~~~

        The end.

        """

    /// A folder holding `guide.md` (`text`) beside a link to the example trees.
    static func folder(_ text: String) throws -> URL {
        let folder = try TemporaryFiles.directory("journey-guide")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("trees"),
            withDestinationURL: Repository.root.appendingPathComponent("journeys/trees"))
        try Data(text.utf8).write(to: folder.appendingPathComponent("guide.md"))
        return folder
    }

    /// The lines outside the content of the `console journey` blocks.
    static func outsideTranscripts(_ text: String) -> [Substring] {
        var kept: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```console journey" || line == "~~~console journey" {
                inside = true
                kept.append(line)
            } else if inside && (line == "```" || line == "~~~") {
                inside = false
                kept.append(line)
            } else if !inside {
                kept.append(line)
            }
        }
        return kept
    }

    @Test func aGuideIsWrittenCheckedBrokenAndUpdated() async throws {
        let folder = try Self.folder(Self.guide)
        let file = folder.appendingPathComponent("guide.md")

        // Empty transcripts differ from any run: the run fails, with a diff naming the guide's lines.
        let empty = try await CLI.run(["run", file.path])
        #expect(empty.status == 1, "\(empty.stdout)\n\(empty.stderr)")
        Golden.check(empty, run: "empty")

        // The wrong password fails, and its transcript does not show that yet: the update does not
        // make it the guide's example on its own. It fails, names the block, and writes nothing.
        _ = try #require(Self.guide.components(separatedBy: "\n").firstIndex(of: "~~~yaml journey"))
        let refused = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(refused.status == 1, "\(refused.stdout)\n\(refused.stderr)")
        Golden.check(refused, run: "refused")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.guide)

        // With --accept-failures the update writes the transcripts and nothing else, byte for byte.
        let update = try await CLI.run(["run", file.path, "--update-transcripts", "--accept-failures"])
        #expect(update.status == 0, "\(update.stdout)\n\(update.stderr)")
        Golden.check(update, run: "update")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.outsideTranscripts(written) == Self.outsideTranscripts(Self.guide))
        Golden.check(file: file, run: "written")

        // Now it passes: three scripts, one failing as its transcript shows.
        let checked = try await CLI.run(["run", file.path])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        _ = try #require(written.components(separatedBy: "\n").firstIndex(of: "~~~console journey"))
        Golden.check(checked, run: "checked")

        // One transcript line changed: exit 1 and a unified diff at the guide's line.
        var lines = written.components(separatedBy: "\n")
        let changed = try #require(lines.firstIndex(of: "    session valid"))
        lines[changed] = "    session VALID"
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let drifted = try await CLI.run(["run", file.path])
        #expect(drifted.status == 1, "\(drifted.stdout)\n\(drifted.stderr)")
        Golden.check(drifted, run: "drifted")

        // --update-transcripts makes it pass again, changing only that transcript line.
        let again = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        let restored = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.outsideTranscripts(restored) == Self.outsideTranscripts(Self.guide))
        #expect(restored.components(separatedBy: "\n")[changed] == "    session valid")
        #expect(try await CLI.run(["run", file.path]).status == 0)
    }

    /// `--update-transcripts` after a regression: a passing example that now fails is not
    /// rewritten into a failure (the guide stays byte for byte), while a documented failure whose
    /// other lines moved is updated around the same failure.
    @Test func anUpdateNeverBlessesARegression() async throws {
        let folder = try Self.folder(Self.guide)
        let file = folder.appendingPathComponent("guide.md")
        let update = try await CLI.run(["run", file.path, "--update-transcripts", "--accept-failures"])
        #expect(update.status == 0, "\(update.stdout)\n\(update.stderr)")
        let written = try String(contentsOf: file, encoding: .utf8)

        // The documented failure's transcript drifts in a step line: the same failure, so it is updated.
        var lines = written.components(separatedBy: "\n")
        let third = try #require(lines.firstIndex(of: "~~~console journey"))
        let stepLine = try #require(lines[third...].firstIndex(of: "    NameCallback \"User Name\" ← demo"))
        lines[stepLine] = "    NameCallback \"User Name\" ← someone"
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let sameFailure = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(sameFailure.status == 0, "\(sameFailure.stdout)\n\(sameFailure.stderr)")
        Golden.check(sameFailure, run: "sameFailure")
        #expect(
            try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")[stepLine]
                == lines[stepLine].replacingOccurrences(of: "someone", with: "demo"))

        // A regression: the first example's password is wrong now. Its transcript shows a pass.
        let broken = written.replacingOccurrences(
            of: "  PasswordCallback: Ch4ng3it!\n```", with: "  PasswordCallback: oops\n```")
        #expect(broken != written)
        try Data(broken.utf8).write(to: file)
        let regression = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(regression.status == 1, "\(regression.stdout)\n\(regression.stderr)")
        Golden.check(
            regression, run: "regression")
        #expect(!regression.stderr.contains("updated 1"), "\(regression.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
        // And the plain run still fails: nothing was blessed.
        #expect(try await CLI.run(["run", file.path]).status == 1)
    }

    /// A guide's block runs with one seed unless `--seed` says otherwise: the values it generates
    /// (OAuth's state and nonce in the authorize URL) are the same on every run, so a transcript
    /// never depends on whether a random value happened to hold a digit (the normalization's rule).
    @Test func aGuidesBlockGeneratesTheSameValuesOnEveryRun() async throws {
        let folder = try Self.folder(
            """
            ```yaml journey
            version: 1
            name: Tokens
            server: { simulate: trees/am.yaml, realm: alpha }
            journey: Login
            handlers:
              NameCallback: demo
              PasswordCallback: Ch4ng3it!
            oauth:
              clientId: sdkPublicClient
              redirectUri: org.forgerock.demo:/oauth2redirect
              scope: [openid, profile, email]
            ```

            """)
        let file = folder.appendingPathComponent("guide.md").path
        func authorizeQuery(_ arguments: [String]) async throws -> String {
            let run = try await CLI.run(["run", file] + arguments)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("/authorize?") })
            // The query only: the status and the duration follow it on the line.
            return String(line.drop { $0 != "?" }.prefix { $0 != " " })
        }
        let first = try await authorizeQuery([])
        // Not a transcript: the query's random values are compared between runs (a transcript hides them).
        #expect(first.contains("&state="))
        #expect(try await authorizeQuery([]) == first)
        #expect(try await authorizeQuery(["--seed", "7"]) != first)
    }

    @Test func aYAMLErrorInABlockIsReportedAtTheGuidesLineAndColumn() async throws {
        let broken = Self.guide.replacingOccurrences(
            of: "  PasswordCallback: wrong-password\n", with: "  PasswordCallback: wrong-password\n   bad: [x\n")
        let folder = try Self.folder(broken)
        let file = folder.appendingPathComponent("guide.md").path
        _ = try #require(broken.components(separatedBy: "\n").firstIndex(of: "   bad: [x"))
        let run = try await CLI.run(["run", file])
        #expect(run.status == 2, "\(run.stdout)\n\(run.stderr)")
        Golden.check(run, run: "run")
        let lint = try await CLI.run(["lint", folder.path])
        #expect(lint.status == 2, "\(lint.stdout)\n\(lint.stderr)")
        Golden.check(
            lint, run: "lint")
    }

    /// A guide written in steps: the script in a numbered item, its transcript in a block quote
    /// inside the item, Windows line ends, and a script in an HTML comment that does not run.
    static let steps = """
        # Logging in, step by step

        1. Log in as demo:

           ```yaml journey
           version: 1
           name: Log in as demo
           server: { simulate: trees/am.yaml, realm: alpha }
           journey: Login
           handlers:
             NameCallback: demo
             PasswordCallback: Ch4ng3it!
           ```

           It prints:

           > ```console journey
           > ```

        2. Done.

        <!-- Not run: a draft.
        ```yaml journey
        version: 1
        name: Draft
        server: { simulate: trees/am.yaml, realm: alpha }
        journey: Login
        handlers: { NameCallback: demo, PasswordCallback: wrong }
        expect: { outcome: success }
        ```
        -->

        """.replacingOccurrences(of: "\n", with: "\r\n")

    @Test func aGuideInNumberedStepsRunsAndItsQuotedTranscriptIsUpdatedInPlace() async throws {
        let folder = try Self.folder(Self.steps)
        let file = folder.appendingPathComponent("guide.md")

        let empty = try await CLI.run(["run", file.path])
        #expect(empty.status == 1, "\(empty.stdout)\n\(empty.stderr)")
        Golden.check(empty, run: "empty")

        let update = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(update.status == 0, "\(update.stdout)\n\(update.stderr)")
        Golden.check(update, run: "update")
        let written = try String(contentsOf: file, encoding: .utf8)
        var lines = written.components(separatedBy: "\r\n")
        let opening = try #require(lines.firstIndex(of: "   > ```console journey"))
        let closing = try #require(lines[opening...].dropFirst().firstIndex(of: "   > ```"))
        // Every byte outside the transcript's content is kept; inside it, each line is quoted.
        var outside = lines
        outside.removeSubrange((opening + 1)..<closing)
        #expect(outside.joined(separator: "\r\n") == Self.steps)
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF kept")
        let content = lines[(opening + 1)..<closing]
        #expect(content.first == "   > ▶ Log in as demo  (\(file.path)#L5)", "\(content)")
        #expect(content.allSatisfy { $0.hasPrefix("   > ") }, "\(content)")
        #expect(content.last?.hasPrefix("   > ✔ passed") == true, "\(content)")

        let checked = try await CLI.run(["run", file.path])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        Golden.check(checked, run: "checked")

        // A transcript line changed: the diff names the guide's line.
        let changed = try #require(lines.firstIndex { $0.hasPrefix("   > ✔ passed") })
        lines[changed] = "   > ✘ failed"
        try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
        let drifted = try await CLI.run(["run", file.path])
        #expect(drifted.status == 1, "\(drifted.stdout)\n\(drifted.stderr)")
        Golden.check(drifted, run: "drifted")
        let lint = try await CLI.run(["lint", file.path])
        #expect(lint.status == 0, "\(lint.stdout)\n\(lint.stderr)")
    }

    /// A guide saved with `\r` line ends (issue 36): its blocks run (it ran none and passed), the
    /// failing one fails until its transcript shows it, and an update keeps the `\r` line ends.
    @Test func aGuideWithCarriageReturnLineEndsRunsItsBlocks() async throws {
        let text = Self.guide.replacingOccurrences(of: "\n", with: "\r")
        let folder = try Self.folder(text)
        let file = folder.appendingPathComponent("guide.md")

        let empty = try await CLI.run(["run", file.path])
        #expect(empty.status == 1, "\(empty.stdout)\n\(empty.stderr)")
        Golden.check(empty, run: "empty")

        let update = try await CLI.run(["run", file.path, "--update-transcripts", "--accept-failures"])
        #expect(update.status == 0, "\(update.stdout)\n\(update.stderr)")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("\n"), "\\r line ends kept")
        // Not a transcript: a golden file is lines ended by \n; this one's end in \r.
        #expect(written.contains("    session invalid\r✔ passed"), "\(written)")

        let checked = try await CLI.run(["run", file.path])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        Golden.check(checked, run: "checked")
    }

    /// New transcripts that would push a guide past the 1 MiB a script file may be are not
    /// written (issue 36): journey never writes a file it would then refuse to read.
    @Test func anUpdateThatWouldMakeTheGuideTooLargeToReadIsRefused() async throws {
        let head = Self.guide.components(separatedBy: "Then log out")[0]
        let padding = String(repeating: "x", count: (1 << 20) - head.utf8.count - 200) + "\n"
        let text = head + "\n" + padding
        let folder = try Self.folder(text)
        let file = folder.appendingPathComponent("guide.md")
        let update = try await CLI.run(["run", file.path, "--update-transcripts"])
        #expect(update.status == 2, "\(update.stdout)\n\(update.stderr)")
        // Not a transcript: the size it names depends on how long each step took (the durations' digits).
        #expect(update.stderr.contains("more than the limit of 1048576 bytes for a script; it was not updated"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}

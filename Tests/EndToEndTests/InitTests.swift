import Foundation
import JourneyTestSupport
import Testing

/// `journey init` as a new user meets it: an empty folder, `journey init`, `journey run`.
@Suite struct InitTests {
    static let files = [
        "journeys/login.yaml", "journeys/trees/am.yaml", "journeys/journey.schema.json",
        "journeys/simulator.schema.json", ".env.example", ".gitignore", ".github/workflows/journeys.yml",
    ]

    @Test func anEmptyFolderBecomesAProjectThatPassesAndLintsClean() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }

        let made = try await CLI.run(["init"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == Self.files.map { "wrote \($0)\n" }.joined() + "next: journey run journeys/\n")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }

        let run = try await CLI.run(["run"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        Golden.check(
            run, run: "run")

        let lint = try await CLI.run(["lint", "--strict"], in: folder)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stderr.isEmpty, "lint is clean: \(lint.stderr)")
    }

    /// Each `$schema` line names a file of the project, which is the schema `journey schema` prints.
    @Test func theSchemaLinesResolveBesideTheScripts() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await CLI.run(["init", folder.path])
        #expect(made.status == 0, "\(made.stderr)")

        for (file, schema) in [
            ("journeys/login.yaml", "journey.schema.json"), ("journeys/trees/am.yaml", "simulator.schema.json"),
        ] {
            let url = folder.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first)
            let prefix = "# yaml-language-server: $schema="
            #expect(line.hasPrefix(prefix), "\(file): \(line)")
            let target = url.deletingLastPathComponent().appendingPathComponent(String(line.dropFirst(prefix.count)))
            let written = try Data(contentsOf: target.standardizedFileURL)
            let expected = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("schemas/\(schema)"))
            #expect(written == expected, "\(file) names \(target.path), which is not schemas/\(schema)")
        }
        let gitignore = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.split(separator: "\n").contains(".env"))
    }

    @Test func aFileAlreadyThereStopsItBeforeAnythingIsWritten() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = "node_modules/\n"
        try Data(mine.utf8).write(to: folder.appendingPathComponent(".gitignore"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("journeys"), withIntermediateDirectories: true)
        try Data("version: 1\n".utf8).write(to: folder.appendingPathComponent("journeys/login.yaml"))

        let refused = try await CLI.run(["init", folder.path])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        Golden.check(refused, run: "refused")
        #expect(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8) == mine)
        let entries = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == [".gitignore", "journeys", "journeys/login.yaml"], "nothing else written")

        let forced = try await CLI.run(["init", folder.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let gitignore = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.split(separator: "\n").contains(".env"))
        let run = try await CLI.run(["run", folder.appendingPathComponent("journeys").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// `--server`, `--realm`, `--journey`: the script starts that journey there, its username and
    /// password from the environment; run against the project's tree, it passes.
    @Test func theLoginScriptPointsAtTheServerGiven() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await CLI.run([
            "init", folder.path, "--server", "https://am.example.com/am", "--realm", "alpha", "--journey", "Login",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.hasSuffix(
                "next: cd \(folder.path) && cp .env.example .env, fill it in, then: journey run journeys/ --env-file .env\n"
            ))
        let script = try String(contentsOf: folder.appendingPathComponent("journeys/login.yaml"), encoding: .utf8)
        for line in [
            "server: { url: \"https://am.example.com/am\", realm: \"alpha\" }", "journey: \"Login\"",
            "  username: { env: JOURNEY_USERNAME }", "  password: { env: JOURNEY_PASSWORD, secret: true }",
        ] {
            #expect(script.contains("\n\(line)\n"), "missing: \(line)\n\(script)")
        }
        let values = script.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!values.contains { $0.contains("Ch4ng3it!") }, "no password outside the comments")
        let environment = try String(contentsOf: folder.appendingPathComponent(".env.example"), encoding: .utf8)
        #expect(environment.contains("JOURNEY_USERNAME=") && environment.contains("JOURNEY_PASSWORD="))

        let journeys = folder.appendingPathComponent("journeys").path
        let lint = try await CLI.run(["lint", "--strict", journeys])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let run = try await CLI.run(
            ["run", journeys, "--simulate", journeys + "/trees/am.yaml"],
            environment: ["JOURNEY_USERNAME": "demo", "JOURNEY_PASSWORD": "Ch4ng3it!"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("Ch4ng3it!"))
    }

    /// A value from the command line is a YAML string, never YAML syntax.
    @Test func valuesAreQuoted() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await CLI.run([
            "init", folder.path, "--server", "https://am.example.com/am", "--journey", "Login\" }\nexpect: {",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let script = try String(contentsOf: folder.appendingPathComponent("journeys/login.yaml"), encoding: .utf8)
        #expect(script.contains("\njourney: \"Login\\\" }\\nexpect: {\"\n"), "\(script)")
        #expect(script.contains("\nserver: { url: \"https://am.example.com/am\" }\n"), "no realm given: none")
        let lint = try await CLI.run(["lint", folder.appendingPathComponent("journeys").path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// `journey import -o` into the project names the project's schema; where no schema is
    /// found above the script, it writes no `$schema` line rather than one naming nothing.
    @Test func anImportedScriptNamesTheSchemaFromWhereItIsWritten() async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await CLI.run(["init", folder.appendingPathComponent("project").path])
        #expect(made.status == 0, "\(made.stderr)")

        let inside = folder.appendingPathComponent("project/journeys/imported/login.yaml")
        let outside = folder.appendingPathComponent("elsewhere/login.yaml")
        for script in [inside, outside] {
            let imported = try await CLI.run(["import", "journeys/recordings/login.har", "-o", script.path])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let first = { (url: URL) in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first.map(String.init)
        }
        #expect(try first(inside) == "# yaml-language-server: $schema=../journey.schema.json")
        #expect(try first(outside)?.hasPrefix("# Imported by `journey import` from login.har") == true)
    }

    /// Each one's message is in its golden transcript (`aBadCombinationIsAUsageError.<flags>.out`).
    @Test(arguments: [
        ["--realm", "alpha"],  // --realm and --journey go with --server
        ["--server", "am.example.com"],  // --server takes an http or https URL
    ])
    func aBadCombinationIsAUsageError(flags: [String]) async throws {
        let folder = try TemporaryFiles.directory("journey-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try await CLI.run(["init", folder.path] + flags)
        #expect(refused.status == 64)
        Golden.check(refused, run: String(flags.joined(separator: " ").map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

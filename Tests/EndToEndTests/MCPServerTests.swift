import Foundation
import JourneyTestSupport
import Testing

/// `journey mcp` driven end to end by the official Python MCP client (scripts/mcp_client.py),
/// started over stdio as an editor's assistant starts it, in a project made from the examples.
@Suite struct MCPServerTests {
    /// The password the examples' simulator accepts, given to the server in its env file.
    static let password = "Ch4ng3it!"

    /// A project: a copy of journeys/, a broken script, an env file, and ways out of the root
    /// (a symlinked file and a symlinked folder to a script outside it).
    static func project() throws -> (root: URL, outside: URL) {
        let root = try TemporaryFiles.directory("mcp-project")
        let outside = try TemporaryFiles.directory("mcp-outside")
        let files = FileManager.default
        try files.copyItem(
            at: CLI.packageRoot.appendingPathComponent("journeys"), to: root.appendingPathComponent("journeys"))
        let broken = """
            version: 1
            name: Broken
            server: { simulate: journeys/trees/am.yaml, realm: alpha }
            journey: Login
            handlers:
              NameCallback: demo
              PasswordCallback: { choose: 1 }

            """
        try Data(broken.utf8).write(to: root.appendingPathComponent("broken.yaml"))
        try Data("DEMO_PASSWORD=\(password)\n".utf8).write(to: root.appendingPathComponent(".env"))
        let secret = outside.appendingPathComponent("secret.yaml")
        try Data("version: 1\nname: outside-the-root\njourney: Login\n".utf8).write(to: secret)
        try files.createSymbolicLink(at: root.appendingPathComponent("link.yaml"), withDestinationURL: secret)
        try files.createSymbolicLink(at: root.appendingPathComponent("linked"), withDestinationURL: outside)
        return (root, outside)
    }

    /// Runs the client against `journey mcp ARGS` in `root` and returns its JSON document.
    static func drive(
        root: URL, calls: [[String: Any]], read: [String] = [], serverArguments: [String] = []
    ) async throws -> [String: Any]? {
        guard let python = PythonTools.executable("python3") else {
            Issue.record(Comment(rawValue: PythonTools.missing("python3")))
            return nil
        }
        let output = root.appendingPathComponent("client-output.json")
        let callsText = String(decoding: try JSONSerialization.data(withJSONObject: calls), as: UTF8.self)
        var arguments = [
            CLI.packageRoot.appendingPathComponent("scripts/mcp_client.py").path, "--cwd", root.path,
            "--calls", callsText, "--output", output.path, "--timeout", String(TestTime.seconds(300)),
        ]
        for uri in read { arguments += ["--read", uri] }
        arguments += ["--", CLI.executable.path, "mcp"] + serverArguments
        let (status, log) = try await ChildProcess.run(python, arguments)
        try #require(status == 0, "the MCP client failed:\n\(log)")
        let data = try Data(contentsOf: output)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    static func call(_ tool: String, _ arguments: [String: Any]) -> [String: Any] {
        ["tool": tool, "arguments": arguments]
    }

    @Test func anAssistantLintsRunsListsDescribesAndIsKeptInsideTheRoot() async throws {
        let (root, outside) = try Self.project()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        let calls = [
            Self.call("lint", ["path": "broken.yaml"]),
            Self.call("run", ["path": "journeys/login.yaml"]),
            Self.call("list_scripts", ["path": "journeys"]),
            Self.call("describe_callback", ["type": "PasswordCallback"]),
            Self.call("lint", ["path": outside.appendingPathComponent("secret.yaml").path]),
            Self.call("lint", ["path": "link.yaml"]),
            Self.call("list_scripts", ["path": "linked"]),
            Self.call("run", ["path": "../" + outside.lastPathComponent + "/secret.yaml"]),
        ]
        guard
            let document = try await Self.drive(
                root: root, calls: calls, read: ["journey://docs/format.md", "journey://journeys/login.yaml"],
                serverArguments: ["--env-file", ".env"])
        else { return }

        let tools = try #require(document["tools"] as? [[String: Any]])
        #expect(
            Set(tools.compactMap { $0["name"] as? String }) == [
                "lint", "run", "list_scripts", "describe_callback", "import",
            ])
        for tool in tools {
            let schema = try #require(tool["inputSchema"] as? [String: Any])
            #expect(schema["type"] as? String == "object")
        }
        let resources = try #require(document["resources"] as? [String])
        #expect(resources.contains("journey://schemas/journey.schema.json"))
        let read = try #require(document["read"] as? [String: String])
        #expect(read["journey://docs/format.md"]?.contains("## handlers") == true)
        #expect(read["journey://journeys/login.yaml"]?.contains("journey: Login") == true)

        let results = try #require(document["results"] as? [[String: Any]])
        try #require(results.count == calls.count)

        // lint: an error result, with the line and column of the option that does not fit.
        let lint = results[0]
        #expect(lint["isError"] as? Bool == true)
        let diagnostics = try #require((lint["structured"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
        let choose = try #require(diagnostics.first { ($0["message"] as? String)?.contains("choose") == true })
        #expect(choose["file"] as? String == "broken.yaml")
        #expect(choose["line"] as? Int == 7)
        #expect((choose["column"] as? Int ?? 0) > 1)
        // Not a transcript: a text in the MCP server's JSON-RPC answer, not the CLI's output.
        #expect((lint["text"] as? String)?.contains("broken.yaml:7:") == true)

        // run: the example passes against its simulator tree, and no secret leaves the server.
        let run = results[1]
        #expect(run["isError"] as? Bool == false)
        let report = try #require(run["structured"] as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1 && summary["scripts"] as? Int == 1)
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        #expect(scripts.first?["status"] as? String == "passed")
        #expect(((scripts.first?["steps"] as? [Any])?.count ?? 0) >= 2)
        // Not a transcript: a text in the MCP server's JSON-RPC answer, not the CLI's output.
        #expect((run["text"] as? String)?.contains("✔ passed") == true)
        let everything = String(decoding: try JSONSerialization.data(withJSONObject: results), as: UTF8.self)
        #expect(!everything.contains(Self.password))
        #expect(!everything.contains(root.path))

        // list_scripts: the examples with their names, journeys and trees.
        let listed = try #require((results[2]["structured"] as? [String: Any])?["scripts"] as? [[String: Any]])
        let login = try #require(listed.first { $0["file"] as? String == "journeys/login.yaml" })
        #expect(login["journey"] as? String == "Login")
        #expect(login["simulate"] as? String == "trees/am.yaml")
        #expect((login["tags"] as? [String])?.contains("login") == true)

        // describe_callback: from the registry, with a secret input and an example handler.
        let password = try #require(results[3]["structured"] as? [String: Any])
        #expect((password["inputs"] as? [[String: Any]])?.first?["secret"] as? Bool == true)
        #expect((password["example"] as? String)?.contains("PasswordCallback: { env: PASSWORD, secret: true }") == true)

        // Outside the root: an absolute path, a symlinked file, a symlinked folder, a `..` path.
        for refused in results[4...] {
            #expect(refused["isError"] as? Bool == true, "\(refused)")
            // Not a transcript: a text in the MCP server's JSON-RPC answer, not the CLI's output.
            #expect((refused["text"] as? String)?.contains("outside the root") == true, "\(refused)")
            #expect(!((refused["text"] as? String) ?? "").contains("outside-the-root"))
        }
    }

    /// describe_callback's example handler for each type the registry knows lints clean.
    @Test func everyCallbackExampleLintsClean() async throws {
        let root = try TemporaryFiles.directory("mcp-examples")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("journeys/trees"), to: root.appendingPathComponent("trees"))
        guard let first = try await Self.drive(root: root, calls: [Self.call("describe_callback", ["type": "Custom"])])
        else { return }
        let known = try #require(
            ((first["results"] as? [[String: Any]])?.first?["structured"] as? [String: Any])?["known"] as? [String])
        #expect(known.contains("NameCallback") && known.contains("WebAuthnAuthenticationCallback"))
        guard
            let described = try await Self.drive(
                root: root, calls: known.map { Self.call("describe_callback", ["type": $0]) })
        else { return }
        let results = try #require(described["results"] as? [[String: Any]])
        var withExample = 0
        for result in results {
            let structured = try #require(result["structured"] as? [String: Any])
            guard let example = structured["example"] as? String, let type = structured["type"] as? String else {
                continue
            }
            withExample += 1
            let script = """
                version: 1
                name: \(type) example
                server: { simulate: trees/am.yaml, realm: alpha }
                journey: Login

                """
            try Data((script + example).utf8).write(to: root.appendingPathComponent("\(type).yaml"))
        }
        #expect(withExample >= known.count - 3, "only output callbacks and redirects have no example")
        guard let linted = try await Self.drive(root: root, calls: [Self.call("lint", ["path": "."])]) else { return }
        let lint = try #require((linted["results"] as? [[String: Any]])?.first)
        #expect(lint["isError"] as? Bool == false, "\(lint["text"] ?? "")")
        let structured = try #require(lint["structured"] as? [String: Any])
        #expect(structured["warnings"] as? Int == 0, "\(lint["text"] ?? "")")
        #expect(structured["files"] as? Int ?? 0 > withExample)
    }
}

import Foundation
import JourneyTestSupport
import Testing

/// Start forms (resume with query, resumeUrl, zero-page login) and servers other than AM
/// (the simulator's quirks), through the CLI.
@Suite struct StartAndServerVariantsTests {
    /// A folder holding the example tree with `settings` lines added, and the scripts given.
    static func folder(settings: [String] = [], scripts: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var tree = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("journeys/trees/am.yaml"), encoding: .utf8)
        tree = tree.replacingOccurrences(
            of: "\nsettings:\n", with: "\nsettings:\n" + settings.map { "  \($0)\n" }.joined())
        try Data(tree.utf8).write(to: directory.appendingPathComponent("tree.yaml"))
        // The tree's oauth: key files are relative to it.
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("journeys/trees/keys"),
            to: directory.appendingPathComponent("keys"))
        for (name, text) in scripts {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory.path
    }

    static let login = LoginScript.yaml(name: "NAME", simulate: "tree.yaml")

    /// Item 7: an Identity Gateway whose redirect percent-encodes the advice twice.
    @Test func adviceEncodedTwiceInTheIGRedirectIsRead() async throws {
        let script =
            Self.login.replacingOccurrences(of: "NAME", with: "IG encodes twice") + """
                request: { url: /ig/withdraw }
                expect:
                  outcome: { authorized: { status: 200, advice: TransactionConditionAdvice, body: { amount: 250 } } }
                  singleUse: true
                """
        let folder = try Self.folder(
            settings: ["quirks: { igAdviceEncodedTwice: true }"], scripts: ["withdraw.yaml": script])
        let output = try await CLI.run(["run", folder + "/withdraw.yaml"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// The Registration handlers in list form (map form cannot mix in a list item).
    static func registrationScript(kba: String, expect: String) -> String {
        """
        version: 1
        name: Register with an own security question
        server: { simulate: tree.yaml, realm: alpha }
        journey: Registration
        vars:
          id: { generate: uuid }
          password: { value: Sup3r-secret-pw, secret: true }
        handlers:
          - match: ValidatedCreateUsernameCallback
            value: "user-{{ id }}"
          - match: ValidatedCreatePasswordCallback
            value: "{{ password }}"
          - match: { type: StringAttributeInputCallback, output: { name: mail } }
            value: "user-{{ id }}@example.com"
          - match: StringAttributeInputCallback
            value: Ada
          - match: BooleanAttributeInputCallback
            value: true
        \(kba)
          - match: TermsAndConditionsCallback
            accept: true
        \(expect)
        """
    }

    /// Item 8: a server whose KbaCreateCallback has no allowUserDefinedQuestions (older AM) takes
    /// the script's own question; the runner no longer refuses it.
    @Test func anOwnKBAQuestionWhenTheServerDoesNotSayItIsNotAllowed() async throws {
        let script = Self.registrationScript(
            kba: """
                  - match: KbaCreateCallback
                    question: Name of my first pet?
                    answer: { value: Rex, secret: true }
                """, expect: "")
        let folder = try Self.folder(
            settings: ["quirks: { kbaWithoutAllowUserDefinedQuestions: true }"], scripts: ["register.yaml": script])
        let output = try await CLI.run(["run", folder + "/register.yaml"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    /// Item 8: `forceQuestion: true` sends an own question the callback does not allow, and the
    /// simulator (allowUserDefinedQuestions: false) asks the page again: a negative test of the server's check.
    @Test func forceQuestionTestsTheServersCheck() async throws {
        let notAllowed = """
            kind: simulator
            version: 1
            users: [{ username: demo, password: pw }]
            journeys:
              Kba:
                start: p
                nodes:
                  p:
                    page:
                      stage: Kba
                      callbacks:
                        - { type: KbaCreateCallback, predefinedQuestions: ["What's your favorite color?"], allowUserDefinedQuestions: false }
                    next: success
            """
        let script = """
            version: 1
            name: The server refuses an own question
            server: { simulate: kba.yaml }
            journey: Kba
            handlers:
              - match: { type: KbaCreateCallback, step: 1 }
                question: Name of my first pet?
                answer: Rex
                forceQuestion: true
              - match: KbaCreateCallback
                question: What's your favorite color?
                answer: blue
            expect:
              steps:
                - [KbaCreateCallback]
                - [KbaCreateCallback]
              outcome: success
            """
        let folder = try Self.folder(scripts: ["kba.yaml": notAllowed, "force.yaml": script])
        let forced = try await CLI.run(["run", folder + "/force.yaml"])
        #expect(forced.status == 0, "\(forced.stdout)\n\(forced.stderr)")
        let withoutForce = script.replacingOccurrences(of: "    forceQuestion: true\n", with: "")
        try Data(withoutForce.utf8).write(to: URL(fileURLWithPath: folder + "/plain.yaml"))
        let runner = try await CLI.run(["run", folder + "/plain.yaml"])
        #expect(runner.status != 0, "\(runner.stdout)")
        Golden.check(runner, run: "plain")
    }

    static let suspend = """
        version: 1
        name: Suspend
        server: { simulate: tree.yaml, realm: alpha }
        journey: MagicLink
        handlers:
          NameCallback: demo
        expect:
          outcome: suspended

        """

    /// Item 9: `query` is sent with a resume too.
    @Test func startQueryGoesWithAResume() async throws {
        let resume = """
            version: 1
            name: Resume with a query
            server: { simulate: tree.yaml, realm: alpha }
            start:
              resume: { outbox: { to: demo@example.com, field: suspendedId } }
              query: { locale: fr }
            expect:
              steps:
                - [TextOutputCallback]
              outcome: success
            """
        let folder = try Self.folder(scripts: ["1-suspend.yaml": Self.suspend, "2-resume.yaml": resume])
        let output = try await CLI.run(["run", folder + "/1-suspend.yaml", folder + "/2-resume.yaml"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        Golden.check(output)
    }

    /// Item 9: `start: { resumeUrl }` sends every query parameter of the emailed link.
    @Test func resumeFromTheEmailedLink() async throws {
        let resume = """
            version: 1
            name: Resume from the link
            server: { simulate: tree.yaml, realm: alpha }
            start:
              resumeUrl: { outbox: { to: demo@example.com, field: link } }
              query: { locale: fr }
            expect:
              steps:
                - [TextOutputCallback]
              outcome: success
            """
        let folder = try Self.folder(scripts: ["1-suspend.yaml": Self.suspend, "2-link.yaml": resume])
        let output = try await CLI.run([
            "run", folder + "/1-suspend.yaml", folder + "/2-link.yaml", "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        // The link's realm, authIndexType/Value and suspendedId (redacted), then the script's query.
        Golden.check(output, run: "link")

        let bad = resume.replacingOccurrences(
            of: "{ outbox: { to: demo@example.com, field: link } }", with: "https://am.example.com/am/XUI/")
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/3-bad.yaml"))
        let noQuery = try await CLI.run(["run", folder + "/3-bad.yaml"])
        #expect(noQuery.status != 0)
        Golden.check(noQuery, run: "bad")
    }

    /// Item 10: zero-page login, the realm's default journey; the password never shows.
    @Test func zeroPageLoginThroughEveryOutput() async throws {
        let script = """
            version: 1
            name: Zero-page login
            server: { simulate: tree.yaml, realm: alpha }
            vars:
              user: demo
            start:
              zeroPage: { username: "{{ user }}", password: Ch4ng3it! }
            expect:
              outcome: { success: { session: true } }
            """
        let folder = try Self.folder(scripts: ["zero.yaml": script])
        let lint = try await CLI.run(["lint", folder + "/zero.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        for format in ["human", "json", "junit"] {
            let output = try await CLI.run([
                "run", folder + "/zero.yaml", "--format", format, "--verbose", "--record", folder + "/zero.har",
            ])
            #expect(output.status == 0, "\(format): \(output.stdout)\n\(output.stderr)")
            #expect(!output.stdout.contains("Ch4ng3it!"), "\(format): \(output.stdout)")
            let har = try String(contentsOfFile: folder + "/zero.har", encoding: .utf8)
            #expect(!har.contains("Ch4ng3it!"))
            #expect(har.contains("X-OpenAM-Username"))
        }
        let verbose = try await CLI.run(["run", folder + "/zero.yaml", "--verbose"])
        Golden.check(verbose, run: "verbose")
        let replay = try await CLI.run(["run", folder + "/zero.yaml", "--replay", folder + "/zero.har"])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")

        let wrong = script.replacingOccurrences(of: "password: Ch4ng3it!", with: "password: wrong")
            .replacingOccurrences(of: "{ success: { session: true } }", with: "{ failure: { code: 401 } }")
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: folder + "/wrong.yaml"))
        let failed = try await CLI.run(["run", folder + "/wrong.yaml"])
        #expect(failed.status == 0, "\(failed.stdout)")
    }

    /// `start:` without a journey needs one of its forms; lint says which.
    @Test func anEmptyStartSaysWhatItNeeds() async throws {
        let folder = try Self.folder(scripts: [
            "empty.yaml": "version: 1\nname: Empty\nserver: { simulate: tree.yaml }\nstart: { forceAuth: true }\n"
        ])
        let lint = try await CLI.run(["lint", folder + "/empty.yaml"])
        #expect(lint.status == 2)
        Golden.check(lint)
    }
}

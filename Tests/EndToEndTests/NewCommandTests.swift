import Foundation
import JourneyTestSupport
import Testing

/// `journey new` as a person uses it: in a real pseudo-terminal at 80 columns, against the
/// simulator. Each script it writes lints with no warning, runs live with its variables set,
/// and replays its recording; no typed secret reaches the screen or a file.
@Suite struct NewCommandTests {
    static let amTree = Repository.root.appendingPathComponent("journeys/trees/am.yaml").path
    static let passkeyTree = Repository.root.appendingPathComponent("journeys/trees/passkeys.yaml").path
    typealias Turn = PseudoTerminal.Turn

    static func walk(_ arguments: String) -> String { "\(PseudoTerminal.journey) new \(arguments)" }

    @Test func aLogin() async throws {
        let folder = try TemporaryFiles.directory("journey-new-login")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Login"),
            turns: [Turn(wait: "\"User Name\": ", type: "demo"), Turn(wait: "(not shown): ", type: "Ch4ng3it!")],
            in: folder)
        try await Self.check(session, wrote: "login", in: folder, secrets: ["JOURNEY_PASSWORD": "Ch4ng3it!"])
        let script = try String(contentsOf: folder.appendingPathComponent("login.yaml"), encoding: .utf8)
        #expect(script.contains("  NameCallback: \"demo\""), "the map form: \(script)")
        #expect(session.screen.contains("journey run login.yaml --replay login.har"), "\(session.screen)")
    }

    @Test func aSecondFactorWithAChoiceAndACode() async throws {
        let folder = try TemporaryFiles.directory("journey-new-mfa")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey SecondFactor"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "alice"), Turn(wait: "(not shown): ", type: "Al1ce-Passw0rd"),
                Turn(wait: "or a label [1]: ", type: "Email"), Turn(wait: "(not shown): ", type: ""),
                Turn(wait: "Outbox of (e.g. alice@example.com): ", type: "alice@example.com"),
            ], in: folder)
        try await Self.check(
            session, wrote: "second-factor", in: folder, secrets: ["JOURNEY_PASSWORD": "Al1ce-Passw0rd"])
        let script = try String(contentsOf: folder.appendingPathComponent("second-factor.yaml"), encoding: .utf8)
        #expect(script.contains("outbox: {to: \"alice@example.com\", field: code}"), "\(script)")
        // The list form: the type asked twice, each handler told apart by its prompt.
        #expect(script.contains("- match: {type: PasswordCallback, prompt: \"Password\"}"), "\(script)")
        #expect(script.contains("- match: {type: PasswordCallback, prompt: \"One Time Password\"}"), "\(script)")
        #expect(script.contains("- match: NameCallback\n"), "\(script)")
    }

    @Test func aRegistrationWithKBAAndTerms() async throws {
        let folder = try TemporaryFiles.directory("journey-new-registration")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Registration -o signup.yaml"),
            turns: [
                Turn(wait: "\"Username\": ", type: "ada"), Turn(wait: "\"First Name\": ", type: "Ada"),
                Turn(wait: "\"Last Name\": ", type: "Lovelace"),
                Turn(wait: "\"Email Address\": ", type: "ada@example.com"), Turn(wait: "[y/n]: ", type: "no"),
                Turn(wait: "(not shown): ", type: "Sup3r-secret-pw"),
                Turn(wait: "(a number or your own question): ", type: "2"),
                Turn(wait: "Answer (not shown): ", type: "Acme Corp"),
                Turn(wait: "Accept the terms? [y/n]: ", type: "y"),
            ], in: folder)
        try await Self.check(
            session, wrote: "signup", in: folder,
            secrets: ["JOURNEY_PASSWORD": "Sup3r-secret-pw", "JOURNEY_KBA_ANSWER": "Acme Corp"])
        let script = try String(contentsOf: folder.appendingPathComponent("signup.yaml"), encoding: .utf8)
        #expect(script.contains("question: \"Who was your first employer?\""), "\(script)")
        #expect(script.contains("accept: true"), "\(script)")
    }

    @Test func aPasskeyRegistration() async throws {
        let folder = try TemporaryFiles.directory("journey-new-passkey")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.passkeyTree)' --journey PasskeyRegistration"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "alice"), Turn(wait: "(not shown): ", type: "Al1ce-Passw0rd"),
                Turn(wait: "[none]: ", type: ""),
            ], in: folder)
        try await Self.check(
            session, wrote: "passkey-registration", in: folder, secrets: ["JOURNEY_PASSWORD": "Al1ce-Passw0rd"])
        let script = try String(
            contentsOf: folder.appendingPathComponent("passkey-registration.yaml"), encoding: .utf8)
        #expect(script.contains("WebAuthnRegistrationCallback: {}"), "\(script)")
    }

    @Test func ctrlCWritesNothingAndGivesTheTerminalItsEchoBack() async throws {
        let folder = try TemporaryFiles.directory("journey-new-interrupt")
        let session = try await PseudoTerminal.run(
            // The shell outlives the Ctrl-C its whole process group gets, to show what journey left.
            "trap : INT; " + Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Login")
                + "; echo \"exit=$?\"; stty -a",
            turns: [Turn(wait: "\"User Name\": ", type: "demo"), Turn(wait: "(not shown): ", type: "\u{3}")],
            in: folder)
        #expect(session.stuck == nil, "\(session.screen)")
        #expect(session.screen.contains("exit=130"), "\(session.screen)")
        #expect(session.screen.contains("interrupted: nothing written"), "\(session.screen)")
        let flags = session.screen.split(whereSeparator: \.isWhitespace)
        #expect(flags.contains("echo") && !flags.contains("-echo"), "\(session.screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func answersFromAPipeAreOneALine() async throws {
        let folder = try TemporaryFiles.directory("journey-new-pipe")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Login"),
            turns: [Turn(wait: "", type: "demo"), Turn(wait: "", type: "Ch4ng3it!")], in: folder, pty: false)
        try await Self.check(session, wrote: "login", in: folder, secrets: ["JOURNEY_PASSWORD": "Ch4ng3it!"])
        #expect(session.screen.contains("NameCallback \"User Name\": demo\n"), "\(session.screen)")
    }

    @Test func aFailureIsTheOutcomeTheScriptExpects() async throws {
        let folder = try TemporaryFiles.directory("journey-new-failure")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Login"),
            turns: [Turn(wait: "", type: "demo"), Turn(wait: "", type: "not-the-password")], in: folder, pty: false)
        #expect(session.screen.contains("The journey ended: ✗ failure 401: Login failure"), "\(session.screen)")
        try await Self.check(session, wrote: "login", in: folder, secrets: ["JOURNEY_PASSWORD": "not-the-password"])
        let script = try String(contentsOf: folder.appendingPathComponent("login.yaml"), encoding: .utf8)
        #expect(script.contains("outcome: {failure: {code: 401, message: \"Login failure\"}}"), "\(script)")
    }

    @Test func inputThatEndsEarlyWritesNothing() async throws {
        let folder = try TemporaryFiles.directory("journey-new-short")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Login"),
            turns: [Turn(wait: "", type: "demo")], in: folder, pty: false)
        #expect(session.status == 2, "\(session.screen)")
        #expect(session.screen.contains("error: the input ended before the journey did"), "\(session.screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A journey name, realm or deployment path the server does not know ends the walk before
    /// any step: nothing to write a script of (a script would only expect the refusal).
    @Test func aJourneyTheServerDoesNotStartWritesNothing() async throws {
        let folder = try TemporaryFiles.directory("journey-new-unknown")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey Logn"), turns: [], in: folder)
        #expect(session.status == 1, "\(session.screen)")
        #expect(
            session.screen.contains(
                "error: the server did not start the journey Logn (failure 400: No Configuration found): check --journey, --realm and the server URL with its deployment path; nothing written"
            ), "\(session.screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anExistingScriptIsNotWrittenOver() async throws {
        let folder = try TemporaryFiles.directory("journey-new-exists")
        let existing = folder.appendingPathComponent("login.yaml")
        try "mine\n".write(to: existing, atomically: true, encoding: .utf8)
        let output = try await CLI.run(
            ["new", "--simulate", Self.amTree, "--realm", "alpha", "--journey", "Login"], in: folder)
        #expect(output.status == 2)
        Golden.check(output)
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine\n")
    }

    /// The walk ended with exit 0 and wrote `<stem>.yaml`, `<stem>.har` and `.env.example`; no
    /// secret is on the screen or in a file; the script lints clean (the lint's golden transcript
    /// is the calling test's `<test>.lint.out`), runs live, and replays.
    static func check(
        _ session: PseudoTerminal.Session, wrote stem: String, in folder: URL, secrets: [String: String],
        function: String = #function
    ) async throws {
        #expect(session.stuck == nil, "waited for \(session.stuck ?? ""): \(session.screen)")
        #expect(session.status == 0, "\(session.screen)")
        let script = stem + ".yaml"
        let har = stem + ".har"
        let env = folder.appendingPathComponent(".env.example")
        // No secret, no variable to list: no .env.example.
        #expect(FileManager.default.fileExists(atPath: env.path) == !secrets.isEmpty)
        for file in [script, har] + (secrets.isEmpty ? [] : [".env.example"]) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for secret in secrets.values { #expect(!text.contains(secret), "\(file) holds a typed secret") }
        }
        for secret in secrets.values { #expect(!session.screen.contains(secret), "the screen shows a secret") }
        if !secrets.isEmpty {
            let names = try String(contentsOf: env, encoding: .utf8)
            #expect(names == secrets.keys.sorted().map { "\($0)=\n" }.joined() || secrets.count > 1, "\(names)")
            for name in secrets.keys { #expect(names.contains("\(name)=\n"), "\(names)") }
        }
        let lint = try await CLI.run(["lint", script], in: folder)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        Golden.check(lint, run: "lint", function: function)
        let live = try await CLI.run(["run", script], environment: secrets, in: folder)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        let replay = try await CLI.run(["run", script, "--replay", har], in: folder)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }
}

import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Loading and linting tree files")
struct LoaderTests {
    @Test("the example trees load without errors or warnings, and start with the schema comment")
    func examples() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.trees.path).filter {
            $0.hasSuffix(".yaml")
        }
        #expect(
            Set(files).isSuperset(of: [
                "am.yaml", "challenges.yaml", "mobilefirst.yaml", "mobilefirst-faults.yaml", "rakuten.yaml",
            ]))
        for file in files {
            let path = Paths.trees.appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=../../schemas/simulator.schema.json\n"))
            #expect(SimulatorLoader.lint(text: text, file: path).isEmpty)
            #expect(SimulatorLoader.isSimulatorFile(text: text))
            let definition = try SimulatorLoader.load(path: path)
            // callback-shapes.yaml is small: a few pages in the shapes the SDKs' tests send.
            let minimum = file == "callback-shapes.yaml" ? 3 : 10
            #expect(
                definition.journeys.count >= minimum || definition.mobileFirst != nil || definition.rakuten != nil,
                "\(file)")
        }
    }

    @Test("every problem at once, each with file:line:col, and a did-you-mean for near misses")
    func diagnostics() {
        let yaml = """
            kind: simulator
            version: 1
            setings: {}
            journeys:
              Login:
                start: ask
                nodes:
                  ask:
                    page:
                      callbacks:
                        - { type: NameCallback, promt: User }
                    next: chek
                  check:
                    credentials: {}
                    outcomes: { "true": success, "flase": failure }
            """
        do {
            _ = try SimulatorLoader.load(text: yaml, file: "bad.yaml")
            Issue.record("expected diagnostics")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(
                messages.contains {
                    $0.hasPrefix("bad.yaml:3:1: error: unknown key 'setings'")
                        && $0.contains("did you mean 'settings'?")
                })
            #expect(
                messages.contains {
                    $0.hasPrefix("bad.yaml:11:37: error: unknown key 'promt'") && $0.contains("'prompt'")
                })
            #expect(
                messages.contains {
                    $0.contains("leads to unknown node 'chek'") && $0.contains("did you mean 'check'?")
                })
            #expect(messages.contains { $0.contains("no outcome 'flase'") && $0.contains("did you mean 'false'?") })
            #expect(messages.contains { $0.contains("does not say where outcome 'false' leads") })
            #expect(error.errors.count >= 5)
        }
    }

    @Test("kind and version are checked; scripts are told apart")
    func kindAndVersion() {
        let script = "version: 1\njourney: Login\n"
        #expect(!SimulatorLoader.isSimulatorFile(text: script))
        let wrongKind = SimulatorLoader.lint(text: "kind: journey\nversion: 2\njourneys: {}\n", file: "k.yaml")
        #expect(wrongKind.contains { $0.message.contains("kind must be 'simulator'") })
        #expect(wrongKind.contains { $0.message.contains("unsupported version 2") })
    }

    @Test("lint warns about unknown callback types and unreachable nodes, without failing the load")
    func warnings() throws {
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              J:
                start: a
                nodes:
                  a:
                    page: { callbacks: [{ type: NameCalback }] }
                    next: success
                  orphan:
                    success: {}
            """
        let diagnostics = SimulatorLoader.lint(text: yaml, file: "w.yaml")
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(
            diagnostics.contains {
                $0.message.contains("unknown callback type 'NameCalback'") && $0.hint == "did you mean 'NameCallback'?"
            })
        #expect(diagnostics.contains { $0.message.contains("node 'orphan' of journey 'J' is never reached") })
        #expect(try SimulatorLoader.load(text: yaml, file: "w.yaml").journeys["J"] != nil)
    }

    /// A `webAuthnAuthentication` option that `usernameless: true` leaves without effect: lint
    /// warns once, at the option, and the tree still loads.
    struct UsernamelessCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var file: String
        var yaml: String
        /// Found in the warning's message.
        var option: String
        var line: Int
        var column: Int
    }

    static let usernamelessCases: [UsernamelessCase] = [
        UsernamelessCase(
            testDescription:
                "webAuthnAuthentication: 'username' beside 'usernameless: true' is ignored, and lint says so where it is",
            file: "u.yaml",
            yaml: """
                kind: simulator
                version: 1
                journeys:
                  J:
                    start: a
                    nodes:
                      a:
                        webAuthnAuthentication: { usernameless: true, username: login }
                        outcomes: { success: success, failure: failure, unsupported: failure, error: failure, noDevice: failure }
                  K:
                    start: a
                    nodes:
                      a:
                        webAuthnAuthentication: { usernameless: false, username: login }
                        outcomes: { success: success, failure: failure, unsupported: failure, error: failure, noDevice: failure }
                """,
            option: "'username' is ignored", line: 8, column: 65),
        UsernamelessCase(
            testDescription:
                "webAuthnAuthentication: 'allowRecoveryCode' beside 'usernameless: true' cannot succeed, and lint says so where it is",
            file: "r.yaml",
            yaml: """
                kind: simulator
                version: 1
                journeys:
                  J:
                    start: a
                    nodes:
                      a:
                        webAuthnAuthentication: { usernameless: true, allowRecoveryCode: true }
                        outcomes: { success: success, failure: failure, unsupported: failure, error: failure, noDevice: failure, recoveryCode: b }
                      b:
                        recoveryCodeCollector: {}
                        outcomes: { "true": success, "false": failure }
                  K:
                    start: a
                    nodes:
                      a:
                        webAuthnAuthentication: { usernameless: false, allowRecoveryCode: true }
                        outcomes: { success: success, failure: failure, unsupported: failure, error: failure, noDevice: failure, recoveryCode: b }
                      b:
                        recoveryCodeCollector: {}
                        outcomes: { "true": success, "false": failure }
                  L:
                    start: a
                    nodes:
                      a:
                        webAuthnAuthentication: { usernameless: true, allowRecoveryCode: false }
                        outcomes: { success: success, failure: failure, unsupported: failure, error: failure, noDevice: failure }
                """,
            option: "allowRecoveryCode", line: 8, column: 74),
    ]

    @Test(arguments: usernamelessCases)
    func usernamelessOptionWarns(_ example: UsernamelessCase) throws {
        let diagnostics = SimulatorLoader.lint(text: example.yaml, file: example.file)
        let warning = try #require(diagnostics.first { $0.message.contains(example.option) }, "\(diagnostics)")
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("usernameless: true"))
        #expect(warning.location?.line == example.line && warning.location?.column == example.column, "\(warning)")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(try SimulatorLoader.load(text: example.yaml, file: example.file).journeys["J"] != nil)
    }

    @Test("bad values: policies, faults, regexes, resources naming unknown journeys")
    func badValues() {
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              J:
                start: a
                nodes:
                  a:
                    page:
                      callbacks:
                        - type: ValidatedCreatePasswordCallback
                          policies: { MIN_LENGHT: 8 }
                    next: b
                    fault: explode
                  b:
                    decision: { value: x, regex: "([" }
                    outcomes: { "true": success, "false": failure }
            resources:
              - { path: /r, tree: Nope }
            """
        let messages = SimulatorLoader.lint(text: yaml, file: "v.yaml").map(\.description)
        #expect(messages.contains { $0.contains("unknown policy 'MIN_LENGHT'") && $0.contains("'MIN_LENGTH'") })
        #expect(messages.contains { $0.contains("unknown fault 'explode'") })
        #expect(messages.contains { $0.contains("regex is not a valid regular expression") })
        #expect(messages.contains { $0.contains("names unknown journey 'Nope'") })
    }
}

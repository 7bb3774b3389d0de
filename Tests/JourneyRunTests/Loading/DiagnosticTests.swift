import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// Invalid scripts: each problem is reported with its line:col, a clear message and, for near
/// misses, a "did you mean".
@Suite struct DiagnosticTests {
    @Test func invalidYAMLIsReportedWithItsPlace() {
        let text = "version: 1\nname: Broken\nhandlers:\n  NameCallback: [demo\n"
        #expect(LoaderTestSupport.problems(text).count == 1)
        let problem = LoaderTestSupport.problems(text).first ?? ""
        #expect(problem.hasPrefix("5:1 error: invalid YAML: "), "\(problem)")
    }

    /// A script and the diagnostics it must get, in order, as `line:col severity: message [hint]`.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var text: String
        var problems: [String]
    }

    static let cases: [Case] = [
        Case(
            testDescription: "an unknown key suggests the closest one",
            text: "version: 1\nname: Typo\njourney: Login\nhandlrs:\n  NameCallback: demo\n",
            problems: ["4:1 error: unknown key 'handlrs' in the script [did you mean 'handlers'?]"]),
        Case(
            testDescription: "wrong value types name what was expected and found",
            text: """
                version: 1
                name: Types
                tags: 3
                start: { service: Login, forceAuth: yes-please }
                limits: { maxSteps: many }
                server: { verifyTLS: "no", timeout: soon }
                """,
            problems: [
                "3:7 error: tags must be a list, found a number",
                "4:37 error: start.forceAuth must be true or false, found a string",
                "5:21 error: limits.maxSteps must be a whole number, found a string",
                "6:22 error: server.verifyTLS must be true or false, found a string",
                "6:37 error: server.timeout must be a number of seconds or a duration such as 30s, 500ms or 2m, found 'soon'",
            ]),
        Case(
            testDescription: "an undefined variable suggests a declared one",
            text: """
                version: 1
                name: Undefined
                journey: Login
                vars: { username: demo }
                handlers:
                  NameCallback: "{{ usernme }}"
                  PasswordCallback: "{{ env.PW }}{{ suffix }}"
                """,
            problems: [
                "6:21 error: undefined variable 'usernme' [did you mean 'username'?]",
                "7:37 error: undefined variable 'suffix' [declare it under 'vars:' or 'capture:', or pass it with --var suffix=VALUE]",
            ]),
        Case(
            testDescription: "an unknown outcome suggests the closest one",
            text: "version: 1\nname: Outcome\njourney: Login\nexpect:\n  outcome: sucess\n",
            problems: ["5:12 error: unknown outcome 'sucess' [did you mean 'success'?]"]),
        Case(
            testDescription: "an unknown mapped outcome suggests the closest one",
            text: "version: 1\nname: Outcome\njourney: Login\nexpect:\n  outcome: { failur: { code: 401 } }\n",
            problems: ["5:14 error: unknown outcome 'failur' [did you mean 'failure'?]"]),
        Case(
            testDescription: "an unknown function suggests a built-in",
            text: "version: 1\nname: Function\njourney: Login\nhandlers:\n  NameCallback: \"{{ uuuid() }}\"\n",
            problems: ["5:21 error: unknown function 'uuuid' [did you mean 'uuid'?]"]),
        Case(
            testDescription: "simulator tree files are rejected clearly",
            text: "version: 1\nkind: simulator\nname: Tree\nnodes: {}\n",
            problems: [
                "2:7 error: this is a simulator tree file (kind: simulator), not a journey script [journey scripts have 'kind: journey' or no kind; simulator trees are checked by the simulator's loader]"
            ]),
        Case(
            testDescription: "an unsupported version", text: "version: 2\nname: V\njourney: Login\n",
            problems: ["1:10 error: unsupported version 2: this journey reads version 1 scripts"]),
        Case(
            testDescription: "a missing version", text: "name: V\njourney: Login\n",
            problems: ["1:1 error: missing required key 'version' in the script"]),
        Case(
            testDescription: "a missing journey or start", text: "version: 1\nname: V\n",
            problems: [
                "1:1 error: missing 'journey' (the service to start) or 'start' in the script [for example: journey: Login]"
            ]),
        Case(
            testDescription: "both journey and start",
            text: "version: 1\nname: V\njourney: A\nstart: { service: B }\n",
            problems: [
                "4:1 error: the script has both 'journey' and 'start'; 'journey: X' is short for 'start: { service: X }'"
            ]),
        Case(
            testDescription: "a misspelled required key is reported once",
            text: "version: 1\nnmae: Typo\njourny: Login\n",
            problems: [
                "2:1 error: unknown key 'nmae' in the script [did you mean 'name'?]",
                "3:1 error: unknown key 'journy' in the script [did you mean 'journey'?]",
            ]),
        Case(
            testDescription: "a misspelled handler key is reported once",
            text: "version: 1\nname: T\njourney: L\nhandlers:\n  - mach: NameCallback\n    value: x\n",
            problems: ["5:5 error: unknown key 'mach' in handlers[0] [did you mean 'match'?]"]),
        Case(
            testDescription: "value sources are checked",
            text: """
                version: 1
                name: Sources
                journey: Login
                vars:
                  a: { env: A, generate: uuid }
                  b: { generate: uuids }
                  c: { env: C, secrt: true }
                  d: { outbox: { to: x@example.com, field: otp } }
                  env: 1
                """,
            problems: [
                "5:16 error: vars.a has both 'env' and 'generate'; a value comes from exactly one source",
                "6:18 error: generate must be one of uuid, email, timestamp, digits, found 'uuids' [did you mean 'uuid'?]",
                "7:16 error: unknown key 'secrt' in vars.c (a value source) [did you mean 'secret'?]",
                "8:44 error: outbox.field must be one of code, link, suspendedId, found 'otp'",
                "9:3 error: 'env' is reserved for environment variables ({{ env.NAME }}) and cannot name a variable",
            ]),
        Case(
            testDescription:
                "a default or a secret with no source is an error (once: its reads are not undefined), never data sent in the clear",
            text: """
                version: 1
                name: Sources
                journey: Login
                vars:
                  password: { default: Ch4ng3it!, secret: true }
                  pin: { default: 1234 }
                  hidden: { secret: true }
                handlers:
                  NameCallback: "{{ password }}"
                  PasswordCallback: { default: Ch4ng3it!, secret: true }
                """,
            problems: [
                "5:15 error: vars.password has 'default' but no 'env': a default is what an env source falls back to \(Self.defaultHint)",
                "6:10 error: vars.pin has 'default' but no 'env': a default is what an env source falls back to \(Self.defaultHint)",
                "7:11 error: vars.hidden has no source: it needs one of value, env, generate, command, outbox [write { value: ..., secret: true } for a fixed secret; to use the mapping as data, wrap it: { value: { ... } }]",
                "10:23 error: handlers.PasswordCallback.value has 'default' but no 'env': a default is what an env source falls back to \(Self.defaultHint)",
            ]),
    ]

    static let defaultHint =
        "[write { env: NAME, default: ... } to read NAME and fall back to the default, or { value: ... } for a fixed value (either with secret: true)]"

    @Test(arguments: cases)
    func problemsAreReported(_ example: Case) {
        #expect(LoaderTestSupport.problems(example.text) == example.problems)
    }

    @Test func variablesGivenFromOutsideAreDefined() {
        let text = "version: 1\nname: Outside\njourney: Login\nhandlers:\n  NameCallback: \"{{ user }}\"\n"
        #expect(LoaderTestSupport.load(text, knownVariables: ["user"]) != nil)
    }

    @Test func badRegexIsReportedAtThePattern() {
        let text =
            "version: 1\nname: Regex\njourney: Login\nhandlers:\n  - match: { type: ChoiceCallback, prompt: \"/(unclosed/\" }\n    choose: 0\n"
        let problems = LoaderTestSupport.problems(text)
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix("5:44 error: invalid regular expression in handlers[0].match.prompt") == true,
            "\(problems)")
    }

    @Test func unterminatedTemplatePointsAtTheOpeningBraces() {
        let plain = "version: 1\nname: Template\njourney: Login\nhandlers:\n  NameCallback: user-{{ name\n"
        #expect(
            LoaderTestSupport.problems(plain) == [
                "5:22 error: unterminated '{{': expected '}}' to close the expression [expressions are written {{ name }}]"
            ])
        let quoted = "version: 1\nname: Template\njourney: Login\nhandlers:\n  NameCallback: \"user-{{ name\"\n"
        #expect(LoaderTestSupport.problems(quoted).first?.hasPrefix("5:23 error: unterminated '{{'") == true)
    }

    @Test func unknownCallbackTypeIsAnErrorWithASuggestion() throws {
        let text =
            "version: 1\nname: Custom\njourney: Login\nhandlers:\n  NameCallbak: demo\n  AcmeRiskScoreCallback: { inputs: { IDToken1: x } }\n"
        let result = ScriptLoader.lint(text: text, file: "test.yaml")
        #expect(result.script == nil)
        #expect(
            result.diagnostics.map(LoaderTestSupport.summary) == [
                "5:3 error: unknown callback type 'NameCallbak' [did you mean 'NameCallback'?]"
            ])
    }

    @Test func anUndeclaredCustomTypeIsAnErrorThatSaysHowToDeclareIt() throws {
        let text = """
            version: 1
            name: Custom
            journey: Login
            handlers:
              - match: { type: AcmeRiskCallback, stage: Risk }
                value: "0.9"
            """
        #expect(
            LoaderTestSupport.problems(text) == [
                "5:20 error: unknown callback type 'AcmeRiskCallback' [a custom callback type is declared by a handler that answers its inputs by name (inputs: { IDToken1: ... }) or solves it (solve:)]"
            ])
    }

    @Test func aCustomTypeDeclaredByOneHandlerMayBeMatchedByOthers() throws {
        let text = """
            version: 1
            name: Custom
            journey: Login
            handlers:
              - match: { type: AcmeRiskCallback, stage: Risk }
                value: "0.9"
              - match: AcmeRiskCallback
                inputs: { score: "0.5" }
              - match: AcmePowCallback
                solve: pow
            """
        #expect(LoaderTestSupport.problems(text) == [])
    }

    @Test func aDeclaredCustomTypeCloseToAKnownOneIsAWarning() throws {
        let text =
            "version: 1\nname: Custom\njourney: Login\nhandlers:\n  PasswordCallbak: { inputs: { IDToken2: x } }\n"
        #expect(
            LoaderTestSupport.problems(text) == [
                "5:3 warning: custom callback type 'PasswordCallbak' is close to a known type [did you mean 'PasswordCallback'?]"
            ])
    }

    @Test func unknownTypesOutsideHandlersStayWarnings() throws {
        let text = """
            version: 1
            name: Custom
            journey: Login
            handlers:
              NameCallback: demo
            expect:
              steps: [[NameCalback]]
            """
        #expect(
            LoaderTestSupport.problems(text) == [
                "7:12 warning: unknown callback type 'NameCalback' (custom types are answered by input name) [did you mean 'NameCallback'?]"
            ])
    }

    @Test func handlerOptionsAreChecked() {
        let text = """
            version: 1
            name: Options
            journey: Login
            handlers:
              ChoiceCallback: { chose: SMS }
              NameCallback: [a, b]
              - match: NameCallback
            """
        // A mapping and a list cannot mix: the YAML itself is invalid.
        #expect(LoaderTestSupport.problems(text).first?.contains("invalid YAML") == true)
        let options = """
            version: 1
            name: Options
            journey: Login
            handlers:
              ChoiceCallback: { chose: SMS }
              NameCallback: [a, b]
              IdPCallback: { token: t, tokenType: idtoken, timeout: soon }
            """
        #expect(
            LoaderTestSupport.problems(options) == [
                "5:21 error: unknown key 'chose' in handlers.ChoiceCallback [did you mean 'choose'?]",
                "6:17 error: handlers.NameCallback must be a value or a mapping of answer options, found a list [use the list form of handlers ('- match: NameCallback') to write several handlers]",
                "7:39 error: handlers.IdPCallback.tokenType must be one of id_token, access_token, authorization_code, JSON, found 'idtoken' [did you mean 'id_token'?]",
                "7:57 error: handlers.IdPCallback.timeout (milliseconds) must be a whole number, found a string",
            ])
    }

    @Test("an option that does not fit its callback type is pointed at by its key, underlined")
    func optionThatDoesNotFitPointsAtItsKey() throws {
        let text = """
            version: 1
            name: Fit
            journey: Login
            handlers:
              NameCallback: { inputs: { IDToken1: demo } }
              PasswordCallback: { choose: 1 }
            """
        let script = try ScriptLoader.load(text: text, file: "fit.yaml")
        do {
            _ = try JourneyCompiler.compile(script)
            Issue.record("expected the options not to fit")
        } catch {
            #expect(
                error.diagnostics.map(LoaderTestSupport.summary) == [
                    "5:19 error: option 'inputs' does not fit NameCallback (handler #1) [NameCallback takes: echo, input, keep, solve, value]",
                    "6:23 error: option 'choose' does not fit PasswordCallback (handler #2) [PasswordCallback takes: echo, input, keep, solve, value]",
                ])
        }
    }
}

/// `limits.deadline`: a duration in range, read as seconds.
@Suite struct DeadlineLimitTests {
    @Test func aDeadlineIsReadAsSeconds() {
        let script = LoaderTestSupport.load("version: 1\nname: D\njourney: Login\nlimits: { deadline: 2m }\n")
        #expect(script?.limits.deadlineSeconds == 120)
        let none = LoaderTestSupport.load("version: 1\nname: D\njourney: Login\n")
        #expect(none != nil)
        #expect(none?.limits.deadlineSeconds == nil)
    }

    @Test(arguments: [
        ("25h", "4:21 error: limits.deadline must be more than 0 and at most 86400 seconds (24h), found 25h"),
        ("0", "4:21 error: limits.deadline must be more than 0 and at most 86400 seconds (24h), found 0"),
    ])
    func aDeadlineOutOfRangeIsAnError(deadline: String, problem: String) {
        #expect(
            LoaderTestSupport.problems("version: 1\nname: D\njourney: Login\nlimits: { deadline: \(deadline) }\n") == [
                problem
            ])
    }
}

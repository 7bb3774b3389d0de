import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// Issue 27 item 3: a server that echoes the password is never shown it, whether the echo is a
/// whole field (`stage`, the success `realm` and `successUrl`, a TextOutputCallback's message)
/// or the password HTML-escaped, as numeric entities or as hex.
@Suite struct EchoedSecretTests {
    static let password = "p@ss&w<rd9"

    /// Every output of a run whose server echoes the password in every field it has.
    static func outputs() async throws -> [(String, String)] {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Echo
            journey: Login
            vars:
              password: { value: "\(password)", secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: "{{ password }}"
            expect: { outcome: success }
            """)
        let step: JSONValue = [
            "authId": "a", "stage": .string(password), "header": "Sign in",
            "callbacks": [
                [
                    "type": "TextOutputCallback",
                    "output": [
                        ["name": "message", "value": .string(password)], ["name": "messageType", "value": "0"],
                    ],
                ],
                [
                    "type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]],
                    "input": [["name": "IDToken2", "value": ""]],
                ],
                [
                    "type": "PasswordCallback", "output": [["name": "prompt", "value": "Password"]],
                    "input": [["name": "IDToken3", "value": ""]],
                ],
            ],
        ]
        let success: JSONValue = ["tokenId": "token-1", "successUrl": .string(password), "realm": .string(password)]
        let transport = ScriptedTransport(json: [step, success])
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let summary = RunSummary(results: [result])
        return [
            ("console", ConsoleReporter(verbose: true).scriptFinished(result)),
            ("JSON report", JSONReport.render(summary)), ("JUnit report", JUnitReport.render(summary)),
            ("HTML report", HTMLReport.render(summary)), ("HAR", HARWriter.text(HARWriter.document([result]))),
        ]
    }

    @Test func aWholeFieldEchoIsMaskedInEveryOutput() async throws {
        let forms = [
            Self.password, "p@ss&amp;w&lt;rd9", "p@ss\\u0026w\\u003crd9", PercentEncoding.queryComponent(Self.password),
        ]
        for (name, text) in try await Self.outputs() {
            for form in forms {
                #expect(!text.contains(form), "'\(form)' in the \(name)")
            }
        }
    }

    @Test(arguments: [
        "p@ss&amp;w&lt;rd9", "p@ss&#38;w&#60;rd9", "p&#x40;ss&#x26;w&#x3C;rd9",
        "&#112;&#64;&#115;&#115;&#38;&#119;&#60;&#114;&#100;&#57;", "7040737326773c726439", "7040737326773C726439",
    ])
    func htmlEntityAndHexFormsAreMasked(_ form: String) {
        let redactor = Redactor()
        redactor.register(Self.password, name: "password")
        #expect(redactor.redact("Login failed for '\(form)'.") == "Login failed for '«password»'.")
    }

    /// A secret holding what begins an escape (`\\`, `%25`, `&amp;`) is found written plainly too.
    @Test(arguments: [#"pa\\ss"#, "50%25off", "a&amp;b", #"x\u005cy"#])
    func aSecretThatLooksLikeAnEscapeIsFoundPlainly(_ secret: String) {
        let redactor = Redactor()
        redactor.register(secret, name: "password")
        #expect(redactor.redact("pw=\(secret);") == "pw=«password»;", "\(secret)")
    }

    @Test func aStageOrOutputTextThatIsTheSecretIsMaskedButAPromptIsKept() throws {
        let redactor = Redactor()
        redactor.register(Self.password, name: "password")
        redactor.register("Password", name: "word")
        let body = try JSONValue.parse(
            Data(
                #"{"stage":"p@ss&w<rd9","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}]}]}"#
                    .utf8))
        let redacted = redactor.redact(json: body)
        #expect(redacted["stage"]?.stringValue == "«password»")
        let prompt = redacted["callbacks"]?.arrayValue?.first?["output"]?.arrayValue?.first?["value"]
        #expect(prompt?.stringValue == "Password")
    }
}

/// Issue 27 item 4: a script's own secret is masked wherever the runner puts it: in the URL's
/// user information (percent-encoded by `urlencode`), and as the journey's name.
@Suite struct SecretInURLTests {
    static let password = "s3cr3t/pw!"

    @Test func aSecretInTheURLsUserInformationOrTheServiceNameIsMasked() async throws {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: URL secrets
            server: { url: "http://u:{{ urlencode(pw) }}@am.test/am" }
            start: { service: "{{ pw }}" }
            vars:
              pw: { value: "\(Self.password)", secret: true }
            expect: { outcome: success }
            """)
        let transport = ScriptedTransport(json: [
            AMSuccess(tokenId: "token-1", successUrl: "/am", realm: "/").json
        ])
        let result = await JourneyDriver.run(journey, configuration: RunConfiguration(transport: transport))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let summary = RunSummary(results: [result])
        let outputs = [
            ("console", ConsoleReporter(verbose: true).scriptFinished(result)),
            ("JSON report", JSONReport.render(summary)), ("JUnit report", JUnitReport.render(summary)),
            ("HTML report", HTMLReport.render(summary)), ("HAR", HARWriter.text(HARWriter.document([result]))),
        ]
        let forms = [
            Self.password, PercentEncoding.queryComponent(Self.password), "s3cr3t%2Fpw%21", "s3cr3t\\/pw!",
        ]
        for (name, text) in outputs {
            for form in forms {
                #expect(!text.contains(form), "'\(form)' in the \(name)")
            }
        }
    }
}
